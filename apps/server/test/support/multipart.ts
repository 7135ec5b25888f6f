import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body as a browser sends it: the text fields, then at most one file part (as
 * application/octet-stream). Used by the tests' and the benches' uploads alike.
 */
export function multipartBody(opts: {
  fields?: Readonly<Record<string, string>>;
  file?: { name: string; content: Buffer };
}): { payload: Buffer; contentType: string } {
  const boundary = `----tracehub${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(opts.fields ?? {}))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (opts.file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      opts.file.content,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
