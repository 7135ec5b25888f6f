/*
 * The VIN range of a troubleshooting task from an xlsx list (spec 2.4 "VIN range"): the first sheet's first
 * column, a header cell (VIN, 车架号) skipped. Read in the browser: the VINs land in the dialog's text box,
 * where the user sees and edits them, and the server validates the list like typed ones. ExcelJS is loaded
 * only when a file is chosen, so the console's first load does not carry it.
 */

/** Larger files are refused before reading: a list of 10,000 VINs is some 200 kB. */
export const VIN_LIST_MAX_BYTES = 5 * 1024 * 1024;

const HEADER = /^(vin|vin\s*code|vin码|车架号|车辆识别代号)$/i;

export type TVinListResult = { vins: string[] } | { error: 'tooLarge' | 'unreadable' | 'empty' };

/** The VINs of an xlsx file's first column, in order, without repeats. */
export async function readVinList(file: Blob): Promise<TVinListResult> {
  if (file.size > VIN_LIST_MAX_BYTES) return { error: 'tooLarge' };
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(await file.arrayBuffer());
  } catch {
    return { error: 'unreadable' };
  }
  const sheet = workbook.worksheets[0];
  const seen = new Set<string>();
  sheet?.getColumn(1).eachCell({ includeEmpty: false }, (cell) => {
    const text = cell.text.trim();
    if (text && !HEADER.test(text)) seen.add(text);
  });
  return seen.size > 0 ? { vins: [...seen] } : { error: 'empty' };
}
