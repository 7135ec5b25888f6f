import { readFile, stat } from 'node:fs/promises';
import { verifyPackage } from './core.ts';
import { reportText, type Lang } from './messages.ts';

const USAGE = 'usage: tracehub-verify <package.zip> [--lang zh|en] [--json]';
// The zip itself is read whole; its inflated size is bounded separately (unzip.ts).
const MAX_FILE_BYTES = 1024 * 1024 * 1024;

/** Exit codes: 0 all verified, 1 a check failed, 2 usage or unreadable file. */
export async function main(args: string[], out: (line: string) => void = console.log): Promise<number> {
  let lang: Lang = 'zh';
  let json = false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--lang') {
      const v = args[++i];
      if (v !== 'zh' && v !== 'en') {
        out(USAGE);
        return 2;
      }
      lang = v;
    } else if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') {
      out(USAGE);
      return 0;
    } else files.push(a);
  }
  if (files.length !== 1) {
    out(USAGE);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    if ((await stat(files[0]!)).size > MAX_FILE_BYTES) {
      out(lang === 'zh' ? '文件过大' : 'The file is too large');
      return 1;
    }
    bytes = new Uint8Array(await readFile(files[0]!));
  } catch (err) {
    out(
      `${lang === 'zh' ? '无法读取文件' : 'Cannot read the file'}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 2;
  }
  const report = verifyPackage(bytes);
  out(json ? JSON.stringify(report, null, 2) : reportText(report, lang));
  return report.ok ? 0 : 1;
}
