// jsonld ships no types; the little the tests use.
declare module "jsonld" {
  const jsonld: {
    expand(input: unknown, options: { documentLoader: (url: string) => Promise<unknown>; safe?: boolean }): Promise<unknown[]>;
    toRDF(
      input: unknown,
      options: { documentLoader: (url: string) => Promise<unknown>; safe?: boolean; format?: string },
    ): Promise<unknown>;
  };
  export default jsonld;
}
