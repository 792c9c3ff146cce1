import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A screen whose code loads on the first visit of its route: each screen is a chunk of its own, so the
 * main bundle holds the router, the login page and the shared state only. Grey bars show while it loads
 * (plain CSS, `global.css`: antd's Skeleton would put its code on the login page, the first screen).
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Page = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen when its route table loads, never while rendering
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

function PageLoading() {
  return (
    <div className="isf-page-loading" aria-busy="true">
      {[0, 1, 2, 3, 4, 5].map((line) => (
        <div key={line} className="isf-page-loading-line" />
      ))}
    </div>
  );
}
