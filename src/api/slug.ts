/**
 * The slug a page gets from its title (Git Sync's rule, used by the emulator when it names pages and
 * by `docs spaces pull` when it decides whether `README.md` gives a page back its slug). A leaf module:
 * the command line, the content tools and the emulator all import it.
 */
export function titleSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'page';
}
