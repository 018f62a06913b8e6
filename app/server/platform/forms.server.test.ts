import { describe, expect, it } from "vitest";
import {
  formPageHeaders,
  newSubmissionKey,
  readFormData,
  readIntent,
  tooManySubmissionsMessage,
} from "#app/server/platform/forms.server.ts";

describe("tooManySubmissionsMessage", () => {
  it("rounds the wait up to whole minutes", () => {
    expect(tooManySubmissionsMessage(600)).toBe(
      "Too many submissions from your address. Please try again in 10 minutes.",
    );
    expect(tooManySubmissionsMessage(61)).toBe(
      "Too many submissions from your address. Please try again in 2 minutes.",
    );
    expect(tooManySubmissionsMessage(5)).toBe(
      "Too many submissions from your address. Please try again in 1 minute.",
    );
  });
});

describe("readFormData", () => {
  it("reads a form and gives null for a body that is not one", async () => {
    const body = new FormData();
    body.append("intent", "quote");
    const form = await readFormData(new Request("http://localhost/", { method: "POST", body }));
    expect(form?.get("intent")).toBe("quote");
    const json = new Request("http://localhost/", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(await readFormData(json)).toBeNull();
    const broken = new Request("http://localhost/", {
      method: "POST",
      body: "--x\r\nbroken",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(await readFormData(broken)).toBeNull();
  });
});

describe("readFormData with absurdly nested field names", () => {
  // Conform rebuilt `x[0][0]…` recursively: 3,000 levels overflowed the stack and the action answered 500.
  it("gives null, and keeps the nesting real forms use", async () => {
    const post = (names: string[]) => {
      const body = new URLSearchParams(names.map((name) => [name, "1"]));
      return readFormData(new Request("http://localhost/", { method: "POST", body }));
    };
    expect(await post([`x${"[0]".repeat(3000)}`])).toBeNull();
    expect(await post(["email", `y${".a".repeat(100)}`])).toBeNull();
    const form = await post(["businessHours[0].days", "social.facebook"]);
    expect(form?.get("businessHours[0].days")).toBe("1");
  });
});

describe("readIntent", () => {
  it("accepts exactly one text value", () => {
    const form = (entries: [string, string | Blob][]) => {
      const data = new FormData();
      for (const [name, value] of entries) data.append(name, value);
      return data;
    };
    expect(readIntent(form([["intent", "quote"]]))).toBe("quote");
    expect(readIntent(form([]))).toBeNull();
    expect(readIntent(null)).toBeNull();
    expect(
      readIntent(
        form([
          ["intent", "quote"],
          ["intent", "contact"],
        ]),
      ),
    ).toBeNull();
    expect(readIntent(form([["intent", new Blob(["quote"])]]))).toBeNull();
  });
});

describe("newSubmissionKey", () => {
  it("is random", () => {
    expect(newSubmissionKey()).not.toBe(newSubmissionKey());
  });
});

describe("formPageHeaders", () => {
  it("passes a refused post's Retry-After on to the page, and nothing else", () => {
    expect(
      formPageHeaders({ actionHeaders: new Headers({ "Retry-After": "42", "X-Other": "1" }) }).get(
        "Retry-After",
      ),
    ).toBe("42");
    expect([...formPageHeaders({ actionHeaders: new Headers() }).keys()]).toEqual([]);
  });
});
