// What a loader or action threw, for the tests that call them directly: a Response (a redirect, a 403) or
// React Router's data() with its status.

/** The status of the response `promise` throws; fails the test when it resolves or throws something else. */
export async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.status;
    if (error && typeof error === "object" && "init" in error)
      return (error as { init: ResponseInit }).init.status!;
    throw error;
  }
  throw new Error("Expected a thrown response");
}
