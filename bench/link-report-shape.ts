/**
 * The shape of issue 36's measured space, as a Git repository (bench/link-report.ts).
 */

/** 20 external URLs, shared by the pages in turn. */
export const EXTERNAL_URLS = 20;

/**
 * The pages of the `spread` space as a Git repository: `f<k>/p<j>.md` in folders of 100 (each folder's
 * README.md too), each page linking to another page (a multiplicative step away, so no two pages name the
 * same one), the next page, one of 20 external URLs and a missing page of its own.
 */
export function spreadRepository(n: number): Map<string, string> {
  const per = Math.min(100, n);
  const folders = Math.max(1, Math.floor(n / per));
  const total = folders * per;
  const path = (i: number) => `f${Math.floor(i / per)}/p${i % per}.md`;
  /** From page `i`'s folder to page `j`. */
  const rel = (i: number, j: number) => (Math.floor(i / per) === Math.floor(j / per) ? `p${j % per}.md` : `../${path(j)}`);
  const files = new Map<string, string>();
  for (let f = 0; f < folders; f++) files.set(`f${f}/README.md`, `# Folder ${f}\n\nThe pages of folder ${f}.`);
  for (let i = 0; i < total; i++) {
    // 7919 is prime and does not divide the sizes used, so i → other(i) is a permutation without fixed points (for total > 1).
    let other = (i * 7919 + 17) % total;
    if (other === i) other = (i + 2) % total;
    const next = (i + 1) % total;
    files.set(
      path(i),
      [
        `# Page ${i}`,
        '',
        `See [another page](${rel(i, other)}), [the next page](${rel(i, next)}),`,
        `[the reference](https://docs.example.com/ref/${i % EXTERNAL_URLS}) and [a missing page](missing-${i}.md).`,
        '',
        `Some words about topic ${i % 50}.`,
      ].join('\n'),
    );
  }
  return files;
}
