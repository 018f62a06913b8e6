import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// Real readers for the documents' tests (Debian's poppler-utils and zbar-tools; .ci/run installs them):
// pdftoppm renders pages to PNG, zbarimg decodes the barcodes on them, pdftotext and pdfinfo read the PDF.

const execFileAsync = promisify(execFile);

/** Runs a reader; one that is not installed fails with the command that installs it. */
async function run(command: string, args: string[], options: { maxBuffer?: number } = {}) {
  try {
    return await execFileAsync(command, args, options);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") {
      throw new Error(`${command} is not installed: apt-get install -y poppler-utils zbar-tools`);
    }
    throw error;
  }
}

async function withPdf<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "pdf-test-"));
  try {
    const file = path.join(dir, "doc.pdf");
    await writeFile(file, pdf);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page count and the first page's size in points, as pdfinfo reads them. */
export function pdfInfo(pdf: Buffer) {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run("pdfinfo", [file]);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(stdout);
    return { pages, width: Number(size?.[1]), height: Number(size?.[2]), raw: stdout };
  });
}

/**
 * The text of each page, page by page: in reading order (pdftotext's default); `layout`: as laid out (each
 * printed row one line, its columns side by side: a table's rows read as printed); `raw`: in the order drawn,
 * diagonal text included (a watermark across the page, which the other two leave out).
 */
export function pdfPagesText(
  pdf: Buffer,
  { mode = "reading" }: { mode?: "reading" | "layout" | "raw" } = {},
): Promise<string[]> {
  return withPdf(pdf, async (file) => {
    const args = [...(mode === "reading" ? [] : [`-${mode}`]), "-enc", "UTF-8", file, "-"];
    const { stdout } = await run("pdftotext", args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout.split("\f").slice(0, -1);
  });
}

/** Each font of the PDF and whether it is embedded (pdffonts). */
export function pdfFonts(pdf: Buffer): Promise<{ name: string; embedded: boolean }[]> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run("pdffonts", [file]);
    // After the two header lines: name, type (may hold spaces), encoding, emb, sub, uni, object id.
    return stdout
      .split("\n")
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const match = /^(\S+)\s.*\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.exec(line);
        return { name: match?.[1] ?? line, embedded: match?.[2] === "yes" };
      });
  });
}

export type Word = { text: string; xMin: number; yMin: number; xMax: number; yMax: number };

/** Every word of the first page with its box in points (pdftotext -bbox). */
export function pdfWords(pdf: Buffer): Promise<{ width: number; height: number; words: Word[] }> {
  return withPdf(pdf, async (file) => {
    const { stdout } = await run("pdftotext", ["-bbox", "-f", "1", "-l", "1", "-enc", "UTF-8", file, "-"], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const page = /<page width="([\d.]+)" height="([\d.]+)">/.exec(stdout);
    const words = [
      ...stdout.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5]!
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&"),
    }));
    return { width: Number(page?.[1]), height: Number(page?.[2]), words };
  });
}

export type Decoded = { type: string; data: string };

/** The barcodes zbarimg finds on each page, rendered at `dpi` (page by page, in order). */
export function decodePages(pdf: Buffer, { dpi = 150 }: { dpi?: number } = {}): Promise<Decoded[][]> {
  return withPdf(pdf, async (file, dir) => {
    await run("pdftoppm", ["-r", String(dpi), "-gray", "-png", file, path.join(dir, "page")]);
    const pages = (await readdir(dir)).filter((f) => f.startsWith("page") && f.endsWith(".png")).sort();
    const decoded: Decoded[][] = [];
    for (const page of pages) {
      // zbarimg exits 4 when it finds nothing: that is an answer (no code), not a failure.
      const { stdout } = await run("zbarimg", ["-q", "--nodbus", path.join(dir, page)]).catch(
        (error: { code?: number; stdout?: string }) => {
          if (error.code === 4) return { stdout: "" };
          throw error;
        },
      );
      decoded.push(
        stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => {
            const colon = line.indexOf(":");
            return { type: line.slice(0, colon), data: line.slice(colon + 1) };
          }),
      );
    }
    return decoded;
  });
}
