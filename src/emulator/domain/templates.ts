import { badRequest } from '../types.js';
import type { PageInput } from './revisions.js';

/**
 * The built-in space templates `POST .../content/template` applies. The service's template
 * catalogue is not part of the contract; these give a realistic starting structure.
 */
export const TEMPLATES: Record<string, { title: string; pages: PageInput[] }> = {
  'product-docs': {
    title: 'Product documentation',
    pages: [
      { title: 'Overview', markdown: 'What the product does and who it is for.\n\n## Key features\n\n- Feature one\n- Feature two\n' },
      {
        title: 'Getting started',
        markdown: 'Set up the product in a few minutes.\n',
        pages: [
          { title: 'Quickstart', markdown: '## Install\n\nInstall the product.\n\n## First steps\n\nCreate your first project.\n' },
          { title: 'Configuration', markdown: 'Every setting, with its default.\n' },
        ],
      },
      { title: 'FAQ', markdown: '## How do I get help?\n\nContact support.\n' },
    ],
  },
  'api-reference': {
    title: 'API reference',
    pages: [
      { title: 'Introduction', markdown: 'The API is organized around REST.\n\n## Base URL\n\n`https://api.example.com/v1`\n' },
      { title: 'Authentication', markdown: 'Send `Authorization: Bearer <token>` with every request.\n' },
      { title: 'Errors', markdown: 'Errors answer `{"error": {"code", "message"}}`.\n' },
      {
        title: 'Endpoints',
        markdown: 'One page per resource.\n',
        pages: [{ title: 'Users', markdown: '## List users\n\n`GET /users`\n' }],
      },
    ],
  },
  'knowledge-base': {
    title: 'Knowledge base',
    pages: [
      { title: 'Welcome', markdown: 'How this knowledge base is organized.\n' },
      { title: 'Processes', markdown: 'How the team works.\n' },
      { title: 'Onboarding', markdown: 'Everything a newcomer needs in the first week.\n' },
    ],
  },
};

export function templatePages(id: string): PageInput[] {
  const template = TEMPLATES[id];
  if (!template) throw badRequest(`id: unknown template "${id}"; the emulator has ${Object.keys(TEMPLATES).join(', ')}`);
  return structuredClone(template.pages);
}
