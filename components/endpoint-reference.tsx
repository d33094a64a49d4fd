import Link from 'next/link';
import type { ReactNode } from 'react';
import { endpointReference, type ApiField, type ApiSchemaTable } from '@/lib/docs/api-reference';

/**
 * The generated part of an endpoint's documentation: method and path,
 * parameters with their descriptions, body and response shapes, and the
 * problem codes, all read from the OpenAPI document (lib/docs/api-reference.ts)
 * so the pages cannot drift from /openapi.json. An unknown id throws, so a
 * typo fails the build. Prose and curl examples stay in the MDX.
 */

/** Text with `code` spans, as the endpoint table's descriptions are written. */
function Inline({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/g).filter(Boolean);
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? <code key={index}>{part.slice(1, -1)}</code> : part,
      )}
    </>
  );
}

function Label({ children }: { children: ReactNode }) {
  return <p className="mb-1 font-semibold text-fd-foreground">{children}</p>;
}

/** A table in the docs' own style (the same wrapper fumadocs-ui gives markdown tables). */
function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="relative overflow-auto prose-no-margin my-3">
      <table>
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell}>{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, index) => (
            <tr key={index}>
              {cells.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FieldName({ field }: { field: ApiField }) {
  return (
    <>
      <code>{field.name}</code>
      {field.required && <span className="ms-1.5 text-xs text-neutral-600 dark:text-neutral-400">required</span>}
    </>
  );
}

function FieldRows({ fields, withIn = false }: { fields: ApiField[]; withIn?: boolean }) {
  const head = withIn ? ['Name', 'In', 'Type', 'Description'] : ['Field', 'Type', 'Description'];
  const rows = fields.map((field) => [
    <FieldName key="name" field={field} />,
    ...(withIn ? [field.in ?? ''] : []),
    <code key="type">{field.type}</code>,
    field.description ? <Inline key="description" text={field.description} /> : '',
  ]);
  return <Table head={head} rows={rows} />;
}

function SchemaTables({ tables }: { tables: ApiSchemaTable[] }) {
  return (
    <>
      {tables.map((table) => (
        <div key={table.name}>
          <Label>
            <code>{table.name}</code>
            {table.variants.length > 0 && ', one of:'}
          </Label>
          {table.description && (
            <p className="mt-0">
              <Inline text={table.description} />
            </p>
          )}
          {table.variants.length === 0 && <FieldRows fields={table.fields} />}
          {table.variants.map((variant) => (
            <div key={variant.name} className="ms-4">
              <p className="mb-1 text-sm text-neutral-600 dark:text-neutral-400">
                <code>{variant.name}</code>
              </p>
              <FieldRows fields={variant.fields} />
            </div>
          ))}
        </div>
      ))}
    </>
  );
}

export function EndpointReference({ id, depth }: { id: string; depth?: number }) {
  const ref = endpointReference(id, { depth });
  return (
    <section aria-label={`${ref.method} ${ref.path}`} className="my-6 rounded-lg border border-fd-border bg-fd-card px-4 py-1 sm:px-5">
      <p className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className="rounded border border-fd-border px-1.5 py-0.5 text-xs font-semibold text-fd-foreground">{ref.method}</span>
        <span className="font-semibold text-fd-foreground">{ref.path}</span>
        {ref.deprecated && <span className="text-xs font-semibold text-red-700 dark:text-red-300">deprecated</span>}
      </p>
      <p>
        <strong>{ref.summary}.</strong> {ref.description && <Inline text={ref.description} />}
      </p>

      {ref.parameters.length > 0 && (
        <>
          <Label>Parameters</Label>
          <FieldRows fields={ref.parameters} withIn />
        </>
      )}

      {ref.body && (
        <>
          <Label>
            Body (<code>{ref.body.mediaType}</code>, at most {Math.round(ref.body.maxBytes / 1024)} KiB)
          </Label>
          <SchemaTables tables={ref.body.schemas} />
        </>
      )}

      <Label>Responses</Label>
      <Table
        head={['Status', 'Type', 'Description']}
        rows={ref.responses.map((response) => [
          <code key="status">{response.status}</code>,
          response.mediaType ? <code key="type">{response.mediaType}</code> : '—',
          <span key="description">
            <Inline text={response.description} />
            {response.schema && (
              <>
                {' '}
                (<code>{response.schema}</code>)
              </>
            )}
            {response.headers.map((header) => (
              <span key={header.name} className="block">
                Header <code>{header.name}</code>: <Inline text={header.description ?? ''} />
              </span>
            ))}
          </span>,
        ])}
      />

      {ref.responseSchemas.length > 0 && <SchemaTables tables={ref.responseSchemas} />}

      {ref.errors.length > 0 && (
        <>
          <Label>Errors</Label>
          <p className="mt-0">
            {ref.errors.map((error, index) => (
              <span key={error.code}>
                {index > 0 && ', '}
                <Link href={error.href}>
                  <code>{error.code}</code>
                </Link>{' '}
                ({error.status})
              </span>
            ))}
            . Every error is <code>application/problem+json</code>; see <Link href="/docs/api/errors">Errors</Link>.
          </p>
        </>
      )}

      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {ref.rateLimited ? (
          <>
            Counted against the <Link href="/docs/api/limits">rate limit</Link>; every response carries the RateLimit headers.
          </>
        ) : (
          <>Not rate-limited.</>
        )}
      </p>
    </section>
  );
}
