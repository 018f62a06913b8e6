import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const PRELOAD_HELPER_ID = "\0vite/preload-helper.js";

/**
 * Vite wraps every dynamic import() in a preload helper (~0.8 kB gzipped) that loads the CSS of the imported
 * chunk; ours have none (each page carries its stylesheet in its HTML), so the helper becomes a plain call, and
 * the build fails if a lazily loaded chunk ever brings CSS of its own (docs/decisions/023-public-page-weight.md).
 */
function noPreloadHelper(): Plugin {
  return {
    name: "unitrans:no-preload-helper",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    load(id) {
      if (id === PRELOAD_HELPER_ID) return "export const __vitePreload = (load) => load();";
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (
          chunk.type === "chunk" &&
          chunk.isDynamicEntry &&
          (chunk.viteMetadata?.importedCss.size ?? 0) > 0
        ) {
          this.error(
            `${chunk.fileName} is loaded lazily and imports CSS, which the plain import() will not load`,
          );
        }
      }
    },
  };
}

export default defineConfig({
  // The server build's entry is our Express app, which imports React Router's server build.
  environments: {
    // Public pages load React and React Router as one file and the site's frame as another: each file is
    // gzipped alone, so fewer files weigh less (docs/decisions/023-public-page-weight.md).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]|[\\/]app[\\/](lib[\\/](cn|seo|nonce|lazy-view)|components[\\/]ui[\\/]button-class)\.ts$/,
                },
                {
                  name: "site",
                  test: /[\\/]app[\\/](components[\\/]site[\\/](layout[\\/]|icons\.tsx|tracking[\\/]track-search)|content[\\/]navigation)/,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Pure-JavaScript libraries are bundled into the server build, so only the parts we use are
      // loaded at start: importing zod, drizzle or Radix whole resolves thousands of files (seconds
      // of start-up). React, React Router and libraries with native parts or files of their own
      // (PGlite, sharp, argon2, pg) stay in node_modules.
      resolve: {
        noExternal: [/^zod/, /^radix-ui/, /^@radix-ui\//, /^lucide-react/, /^@conform-to\//, /^drizzle-orm/],
      },
    },
  },
  // React Router preloads route modules itself; Vite's preload helper would only add weight.
  build: { modulePreload: false },
  plugins: [tailwindcss(), reactRouter(), noPreloadHelper()],
});
