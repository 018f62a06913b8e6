import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server build's entry is our Express app, which imports React Router's server build.
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  // React Router preloads route modules itself; Vite's preload helper would only add weight.
  build: { modulePreload: false },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
});
