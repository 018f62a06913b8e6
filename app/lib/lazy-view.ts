// A view that is rare on a page (a not-found message, the confirmation after a form was sent, the last-resort
// error page) loads its code when it first shows in the browser, so the page's script does not carry it
// (decision 023). The server renders it at once, never a placeholder: a page drawn without JavaScript (a form
// posted without it) must hold the view in its HTML. In the browser the view sits in a <Suspense> (the caller's),
// whose server HTML stays until the code has come.
import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound for a component of any props
export function lazyView<View extends ComponentType<any>>(load: () => Promise<{ default: View }>) {
  const InBrowser = lazy(load);
  let onServer: View | undefined;
  if (typeof document === "undefined") {
    void load().then((module) => {
      onServer = module.default;
    });
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per view at a module's top level (like React.lazy), never during a render
  return function LazyView(props: ComponentProps<View>) {
    return createElement(onServer ?? InBrowser, props);
  };
}
