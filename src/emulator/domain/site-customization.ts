import type { SiteDoc } from './sites.js';

/*
 * The customization settings a published site reports (spec `SiteCustomizationSettings`, every
 * required field filled). The contract has no operation to change them, so every site shows the
 * service's defaults, with its own title and favicon.
 */

const color = (hex: string) => ({ light: hex, dark: hex });

const LOCALES = new Set(['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru']);

export function defaultCustomization(options: { title?: string; favicon?: unknown; language?: string }): Record<string, unknown> {
  const title = options.title && options.title.length >= 2 ? options.title.slice(0, 128) : undefined;
  return {
    ...(title ? { title } : {}),
    styling: {
      theme: 'clean',
      primaryColor: color('#346DDB'),
      infoColor: color('#787878'),
      successColor: color('#00C950'),
      warningColor: color('#FE9A00'),
      dangerColor: color('#FB2C36'),
      corners: 'rounded',
      depth: 'subtle',
      links: 'default',
      font: 'Inter',
      monospaceFont: 'IBMPlexMono',
      background: 'plain',
      icons: 'regular',
      sidebar: { background: 'default', list: 'default' },
      search: 'subtle',
    },
    internationalization: { locale: options.language && LOCALES.has(options.language) ? options.language : 'en' },
    favicon: isFavicon(options.favicon) ? options.favicon : {},
    header: { preset: 'default', links: [] },
    footer: { groups: [] },
    themes: { default: 'light', toggeable: true },
    pdf: { enabled: true },
    feedback: { enabled: false },
    ai: { mode: 'search' },
    advancedCustomization: { enabled: false },
    trademark: { enabled: true },
    externalLinks: { target: 'self' },
    pagination: { enabled: true },
    pageActions: { externalAI: true, markdown: true },
    git: { showEditLink: false },
    privacyPolicy: {},
    socialPreview: {},
    insights: { trackingCookie: true },
  };
}

/** A site icon usable as a favicon: `{icon: {light, dark}}` or `{emoji}`. */
function isFavicon(icon: unknown): icon is Record<string, unknown> {
  return typeof icon === 'object' && icon !== null && ('icon' in icon || 'emoji' in icon);
}

export const siteCustomization = (site: SiteDoc) => defaultCustomization({ title: site.title, favicon: site.icon });
