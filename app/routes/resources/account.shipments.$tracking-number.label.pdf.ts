// Placeholder while the session builds it (never landed as is).
export async function loader() {
  return new Response("Not Found", { status: 404 });
}
