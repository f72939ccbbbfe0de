import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // Loaders get the request as it came (React Router 8's default) instead of two fresh `Request`s per loader
    // with `.data`, `index` and `_routes` taken out of the URL. Our loaders read only
    // their own query parameters (`q`, `page`, the filters), never the path.
    v8_passThroughRequests: true,
  },
} satisfies Config;
