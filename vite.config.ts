import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server build's entry is our Express app, which imports React Router's server build.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Pure-JavaScript libraries are bundled into the server build, so only the parts we use are
      // loaded at start: importing zod, drizzle or Radix whole resolves thousands of files (seconds
      // of start-up). React, React Router and libraries with native parts or files of their own
      // (PGlite, sharp, argon2, pg) stay in node_modules.
      resolve: {
        noExternal: [
          /^zod/,
          /^radix-ui/,
          /^@radix-ui\//,
          /^lucide-react/,
          /^@conform-to\//,
          /^clsx/,
          /^drizzle-orm/,
        ],
      },
    },
  },
  // React Router preloads route modules itself; Vite's preload helper would only add weight.
  build: { modulePreload: false },
  plugins: [tailwindcss(), reactRouter()],
});
