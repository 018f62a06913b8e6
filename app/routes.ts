import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("services", "routes/site/services.tsx"),
    route("services/road-transport", "routes/site/services.road-transport.tsx"),
    route("services/:serviceId", "routes/site/services.$service-id.tsx"),
    route("about", "routes/site/about.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("track", "routes/site/track.tsx"),
    route("track/:trackingNumber", "routes/site/track.$tracking-number.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("blog/:slug", "routes/site/blog.$slug.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("terms-of-service", "routes/site/terms-of-service.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  // Back office. Every loader and action below checks the session on the server.
  route("admin-login", "routes/admin/login.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("settings", "routes/admin/settings.tsx"),
  ]),

  // Resource routes.
  ...prefix("", [
    route("sitemap.xml", "routes/api/sitemap.xml.ts"),
    route("robots.txt", "routes/api/robots.txt.ts"),
  ]),
] satisfies RouteConfig;
