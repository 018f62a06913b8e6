import { redirect } from "react-router";

// The admin layout's middleware has already checked the session.
export function loader() {
  throw redirect("/admin/dashboard");
}
