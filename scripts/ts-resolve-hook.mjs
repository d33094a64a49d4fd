// A module resolve hook (node:module register) for scripts that load lib/
// with Node 24's type stripping: the site's TypeScript is written for a
// bundler, which resolves an extensionless relative import (`./search-terms`)
// that Node's ESM loader does not. When Node cannot resolve a relative
// specifier from a .ts file, this tries it with `.ts`, then `/index.ts`.
// (tsx would do this and more, but brings an esbuild build of its own,
// whose platform packages the registry here does not all have.)
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/^\.\.?\//.test(specifier) || !context.parentURL?.endsWith('.ts')) throw error;
    for (const suffix of ['.ts', '/index.ts']) {
      try {
        return await nextResolve(`${specifier}${suffix}`, context);
      } catch {
        // try the next suffix
      }
    }
    throw error;
  }
}
