import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/** Which side of a schema to describe: what a client sends (`input`) or what the API answers (`output`). */
export type SchemaSide = 'input' | 'output';

export class UnrepresentableSchemaError extends Error {}

/**
 * A contracts schema as JSON Schema, through zod's own conversion. Requests are described by what
 * the API accepts (`io: 'input'`: before defaults, coercions and transforms), answers by what it
 * sends (`io: 'output'`). Nothing is approximated: a schema zod cannot express (a transform's
 * output, a bigint, a custom type) throws, naming `where`, so the route table gets a representable
 * schema rather than the document a silent `{}`. Refinements (`.refine`) carry no JSON Schema and are
 * left out, which is why their messages belong in `description`s.
 */
export function jsonSchemaOf(schema: z.ZodType, io: SchemaSide, where: string): JsonSchema {
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'throw', cycles: 'throw', reused: 'inline' });
  } catch (error) {
    throw new UnrepresentableSchemaError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // The dialect is the document's (jsonSchemaDialect), not each schema's.
  const { $schema: _dialect, ...rest } = converted;
  return rest;
}

/** A path, query or header parameter of an operation, from one property of an object schema. */
export interface ParameterObject {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

/** The properties of an object schema as parameters; a route's params and query are objects by contract. */
export function parametersOf(schema: z.ZodType, location: 'path' | 'query', where: string): ParameterObject[] {
  const converted = jsonSchemaOf(schema, 'input', where);
  const properties = converted['properties'];
  if (converted['type'] !== 'object' || typeof properties !== 'object' || properties === null) {
    throw new UnrepresentableSchemaError(`${where}: ${location} parameters must be an object schema`);
  }
  const required = new Set(Array.isArray(converted['required']) ? (converted['required'] as unknown[]) : []);
  return Object.entries(properties as Record<string, JsonSchema>).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      // A path parameter is always required (OpenAPI); a query one when zod gives it no default and no `optional`.
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}
