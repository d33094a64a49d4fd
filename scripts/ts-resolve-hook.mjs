// A module resolve hook (node:module register) for scripts that load lib/
// with Node 24's type stripping: the site's TypeScript is written for a
// bundler, which resolves what Node's ESM loader does not: an extensionless
// relative import (`./search-terms`) and the `@/` alias of tsconfig.json
// (`@/lib/routes`, the repository root). When Node cannot resolve such a
// specifier from a .ts file, this tries it with `.ts`, then `/index.ts`.
// (tsx would do this and more, but brings an esbuild build of its own,
// whose platform packages the registry here does not all have.)
const root = new URL('../', import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const aliased = specifier.startsWith('@/') ? new URL(specifier.slice(2), root).href : specifier;
  try {
    return await nextResolve(aliased, context);
  } catch (error) {
    const ours = /^\.\.?\//.test(specifier) || specifier.startsWith('@/');
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !ours || !context.parentURL?.endsWith('.ts')) throw error;
    for (const suffix of ['.ts', '/index.ts']) {
      try {
        return await nextResolve(`${aliased}${suffix}`, context);
      } catch {
        // try the next suffix
      }
    }
    throw error;
  }
}
