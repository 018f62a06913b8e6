import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader, middleware } from "#app/routes/admin/media.tsx";
import { createPost } from "#app/server/blog/blog-admin.server.ts";
import { getMediaByFilename, listMedia } from "#app/server/blog/media.server.ts";
import { readToast } from "#app/server/platform/toast.server.ts";
import type { Services } from "#app/server/services.server.ts";
import { signInStaff } from "#tests/setup/staff-session.ts";
import { createTestContext, createTestServices } from "#tests/setup/test-db.ts";

let services: Services;
let cookie: string;
beforeAll(async () => {
  services = await createTestServices({ MEDIA_MAX_MB: "1" });
  ({ cookie } = await signInStaff({
    ...services,
    email: "media@example.com",
    password: "a media passphrase",
  }));
});
afterAll(() => services.close());

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#f97316" } })
    .png()
    .toBuffer();

function post(body: FormData | URLSearchParams, { signedIn = true, xhr = false } = {}) {
  return new Request("http://localhost/admin/media", {
    method: "POST",
    headers: {
      ...(signedIn ? { cookie } : {}),
      ...(xhr ? { "x-requested-with": "XMLHttpRequest", accept: "application/json" } : {}),
    },
    body,
  });
}

const args = (request: Request) =>
  ({ request, params: {}, context: createTestContext(services) }) as unknown as Parameters<typeof action>[0];

async function caught<T>(promise: Promise<T>): Promise<T | Response> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const runMiddleware = (request: Request) =>
  caught(
    Promise.resolve(
      middleware[0]!(args(request) as never, async () => new Response("page", { status: 200 })),
    ) as Promise<Response>,
  );

describe("uploads from the page (one XMLHttpRequest per file)", () => {
  it("stores an image and answers JSON with the stored item", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("files", new File([await png()], "harbour.png", { type: "image/png" }));
    const response = (await runMiddleware(post(form, { xhr: true }))) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      results: { ok: boolean; item: { filename: string; url: string } }[];
    };
    expect(body.results[0]).toMatchObject({ ok: true, name: "harbour.png" });
    const stored = await getMediaByFilename({ db: services.db, filename: body.results[0]!.item.filename });
    expect(stored).toMatchObject({
      originalName: "harbour.png",
      width: 400,
      height: 300,
      mimeType: "image/png",
    });
    expect(stored!.variants.map((v) => v.width)).toEqual([320, 400]);
    expect(body.results[0]!.item.url).toBe(`/media/${stored!.filename}`);
  });

  it("refuses an HTML file named .png, an SVG and a file over the limit, with clear messages", async () => {
    const cases: [File, string][] = [
      [
        new File(["<!doctype html><script>alert(1)</script>"], "photo.png", { type: "image/png" }),
        "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.",
      ],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" }),
        "Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.",
      ],
      [
        new File([Buffer.concat([await png(), Buffer.alloc(1024 * 1024)])], "huge.png"),
        "The file is larger than 1 MB.",
      ],
    ];
    const before = (await listMedia({ db: services.db })).total;
    for (const [file, message] of cases) {
      const form = new FormData();
      form.append("files", file);
      const response = (await runMiddleware(post(form, { xhr: true }))) as Response;
      expect(response.status, file.name).toBe(400);
      expect(await response.json()).toMatchObject({ results: [{ ok: false, name: file.name, message }] });
    }
    expect((await listMedia({ db: services.db })).total).toBe(before);
  });

  it("leaves other requests to the page and refuses uploads without a session", async () => {
    const plain = (await runMiddleware(post(new URLSearchParams({ intent: "alt" })))) as Response;
    expect(await plain.text()).toBe("page");
    const form = new FormData();
    form.append("files", new File([await png()], "sneaky.png"));
    const before = (await listMedia({ db: services.db })).total;
    const refused = (await runMiddleware(post(form, { signedIn: false, xhr: true }))) as Response;
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/admin-login/);
    expect((await listMedia({ db: services.db })).total).toBe(before);
  });
});

describe("the media library's action", () => {
  it("stores several files of a plain form and says what happened to each", async () => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("files", new File([await png(200, 100)], "one.png"));
    form.append(
      "files",
      new File(
        [
          await sharp(await png())
            .jpeg()
            .toBuffer(),
        ],
        "two.jpg",
      ),
    );
    form.append("files", new File(["not an image"], "three.gif"));
    const reply = (await action(args(post(form)))) as unknown as {
      data: { results: { name: string; ok: boolean }[] };
      init: { status: number };
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.results.map((r) => [r.name, r.ok])).toEqual([
      ["one.png", true],
      ["two.jpg", true],
      ["three.gif", false],
    ]);
  });

  it("saves alt text, and deletes with the spec's toasts", async () => {
    const form = new FormData();
    form.append("files", new File([await png()], "dock.png"));
    const uploaded = (await ((await runMiddleware(post(form, { xhr: true }))) as Response).json()) as {
      results: { item: { id: string; filename: string } }[];
    };
    const { id, filename } = uploaded.results[0]!.item;

    const alt = (await action(
      args(post(new URLSearchParams({ intent: "alt", id, alt: "  Cranes at the port  " }))),
    )) as unknown as {
      data: { ok: boolean };
    };
    expect(alt.data.ok).toBe(true);
    expect((await getMediaByFilename({ db: services.db, filename }))?.alt).toBe("Cranes at the port");

    const tooLong = (await action(
      args(post(new URLSearchParams({ intent: "alt", id, alt: "x".repeat(301) }))),
    )) as unknown as {
      data: { ok: boolean; message: string };
      init: { status: number };
    };
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data.message).toBe("Alt text must be at most 300 characters.");

    // The page warns about the posts that use the image before it is deleted.
    await createPost({
      db: services.db,
      fields: {
        title: "Dock news",
        slug: "dock-news",
        content: `<p><img src="/media/${filename}" alt=""></p>`,
      },
    });
    const page = await loader({
      request: new Request("http://localhost/admin/media"),
      params: {},
      context: createTestContext(services),
    } as unknown as Parameters<typeof loader>[0]);
    expect(page.items.find((item) => item.id === id)?.usedBy.map((p) => p.title)).toEqual(["Dock news"]);

    const toastOf = (res: Response) =>
      readToast(new Request("http://x", { headers: { cookie: res.headers.get("set-cookie")! } })).toast;
    const deleted = (await action(args(post(new URLSearchParams({ intent: "delete", id }))))) as Response;
    expect(deleted.headers.get("location")).toBe("/admin/media");
    expect(toastOf(deleted)).toMatchObject({ type: "success", title: "Media deleted successfully" });
    expect(await getMediaByFilename({ db: services.db, filename })).toBeNull();
    const again = (await action(args(post(new URLSearchParams({ intent: "delete", id }))))) as Response;
    expect(toastOf(again)).toMatchObject({ type: "error", title: "Failed to delete media" });
  });

  it("without a session redirects to the login page and changes nothing", async () => {
    const { items } = await listMedia({ db: services.db });
    const target = items[0]!;
    const response = (await caught(
      action(args(post(new URLSearchParams({ intent: "delete", id: target.id }), { signedIn: false }))),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/admin-login/);
    expect(await getMediaByFilename({ db: services.db, filename: target.filename })).not.toBeNull();
  });
});
