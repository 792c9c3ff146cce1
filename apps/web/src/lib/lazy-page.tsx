import { Skeleton } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A screen whose code loads on the first visit of its route: each screen is a chunk of its own, so the
 * main bundle holds the shell and the shared components only. A skeleton shows while it loads.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Page = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen when its route table loads, never while rendering
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
