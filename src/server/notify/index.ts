/**
 * The notifier's public module: what other rooms use to queue a notice that must not be lost, and the
 * types a notice's composer returns (queue.ts). Codes and best-effort notices go through `ctx.notifier`.
 */
export {
  queueNotices,
  type ComposedNotice,
  type NoticeComposer,
  type NoticeComposers,
  type NoticeKind,
} from './queue';
