/**
 * A Parquet schema derived from a zod object declaration (the trainer record, record-schema.ts), for
 * hyparquet-writer: objects are required groups (Arrow structs), arrays are three-level LIST groups,
 * strings and enums UTF8, integers INT32, other numbers DOUBLE, booleans BOOLEAN. Every field is
 * required: the record has no optional parts. Anything else in the declaration is refused, so the
 * record cannot grow a field Parquet would store otherwise than JSON does.
 */
import type { SchemaElement } from 'hyparquet-writer';
import { z } from 'zod';

function leaf(name: string, schema: z.ZodType): SchemaElement {
  const required = { name, repetition_type: 'REQUIRED' } as const;
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum) return { ...required, type: 'BYTE_ARRAY', converted_type: 'UTF8' };
  if (schema instanceof z.ZodLiteral) {
    const values = [...schema.values];
    if (values.every((v) => typeof v === 'string')) return { ...required, type: 'BYTE_ARRAY', converted_type: 'UTF8' };
    if (values.every((v) => typeof v === 'boolean')) return { ...required, type: 'BOOLEAN' };
  }
  if (schema instanceof z.ZodNumber) return schema.isInt ? { ...required, type: 'INT32' } : { ...required, type: 'DOUBLE' };
  if (schema instanceof z.ZodBoolean) return { ...required, type: 'BOOLEAN' };
  throw new Error(`no Parquet type for field ${name} (${schema.def.type})`);
}

function elements(name: string, schema: z.ZodType): SchemaElement[] {
  if (schema instanceof z.ZodObject) {
    const fields = Object.entries(schema.shape as Record<string, z.ZodType>);
    return [{ name, repetition_type: 'REQUIRED', num_children: fields.length }, ...fields.flatMap(([k, v]) => elements(k, v))];
  }
  if (schema instanceof z.ZodArray) {
    return [
      { name, repetition_type: 'REQUIRED', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      ...elements('element', schema.element as z.ZodType),
    ];
  }
  return [leaf(name, schema)];
}

/** The flat (pre-order) schema of a record declared by `schema`, its root first. */
export function parquetSchemaOf(schema: z.ZodObject): SchemaElement[] {
  const [, ...fields] = elements('root', schema);
  return [{ name: 'root', num_children: Object.keys(schema.shape).length }, ...fields];
}
