import { Link, Outlet } from "react-router";

export default function SiteLayout() {
  return (
    <>
      <header>
        <Link to="/">Home</Link>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
