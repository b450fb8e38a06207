import * as z from 'zod';
import { DateTime, listQuery, openEnum, permissions, qArray, resource, urlsOf, User } from './common.js';
import { lazy } from './lazy.js';

/* ---------- enums (CONTRACT-NOTES §2) ---------- */

export const COMMENT_STATUSES = ['open', 'resolved'] as const;
/** The comment list filter: `all` (default) or one status. */
export const COMMENT_STATUS_FILTERS = ['all', 'open', 'resolved'] as const;
export const LIST_ORDERS = ['asc', 'desc'] as const;
/** `format` of page and comment bodies in answers. */
export const DOCUMENT_FORMATS = ['document', 'markdown'] as const;
export const COMMENT_PERMISSIONS = ['view', 'edit', 'reply', 'delete'] as const;

/* ---------- Document: `{markdown}` | `{document}` | `{}` ---------- */

/** A structured document (`JSONDocument`); the block tree is passed through as is. */
export const JSONDocument = lazy(() =>
  z.looseObject({
    object: z.string().optional(),
    data: z.looseObject({ schemaVersion: z.number().optional() }).optional(),
    nodes: z.array(z.unknown()).optional(),
  }),
);
export type JSONDocument = z.infer<typeof JSONDocument>;

/** A body as received: markdown or a document (depending on `format`), or empty. */
export const Document = lazy(() => z.looseObject({ markdown: z.string().optional(), document: JSONDocument.optional() }));
export type Document = z.infer<typeof Document>;

export const JSONDocumentInput = lazy(() =>
  z.strictObject({
    object: z.literal('document'),
    data: z.looseObject({ schemaVersion: z.number().int().optional() }),
    // Blocks are validated by the server; their schema is far larger than what a client needs to check.
    nodes: z.array(z.looseObject({})),
  }),
);

/**
 * A body as sent. The spec's oneOf (`{markdown}` | `{document}` | `{}`) means: at most one of the two.
 * One object rather than a union keeps error messages on the field that is wrong.
 */
export const DocumentInput = lazy(() =>
  z.strictObject({ markdown: z.string().optional(), document: JSONDocumentInput.optional() }).superRefine((body, ctx) => {
    if (body.markdown !== undefined && body.document !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['document'],
        message: 'cannot be set together with markdown (send one of markdown, document)',
      });
    }
  }),
);
export type DocumentInput = z.input<typeof DocumentInput>;

/* ---------- queries and bodies ---------- */

const format = lazy(() => z.enum(DOCUMENT_FORMATS).optional());

/** `?format=` on single comments and replies. */
export const FormatQuery = lazy(() => z.strictObject({ format }));

/** List of comments (space or change request). */
export const CommentListQuery = lazy(() =>
  listQuery({
    order: z.enum(LIST_ORDERS).optional(),
    status: z.enum(COMMENT_STATUS_FILTERS).optional(),
    format,
    targetPage: z.string().optional(),
    /** User ids; repeated in the query string (`authors=a&authors=b`). */
    authors: qArray(z.string()).optional(),
  }),
);

/** List of replies of a change request comment. */
export const ReplyListQuery = lazy(() => listQuery({ format }));

export const TableCellTarget = lazy(() => z.strictObject({ record: z.string(), definition: z.string() }));

export const PostCommentBody = lazy(() =>
  z.strictObject({
    node: z.string().optional(),
    page: z.string().optional(),
    body: DocumentInput,
    tableCell: TableCellTarget.optional(),
  }),
);
export type PostCommentBody = z.input<typeof PostCommentBody>;

const reactions = lazy(() => ({
  addedReactions: z.array(z.string()).optional(),
  removedReactions: z.array(z.string()).optional(),
}));

export const UpdateCommentBody = lazy(() =>
  z.strictObject({ resolved: z.boolean().optional(), body: DocumentInput.optional(), ...reactions }),
);
export type UpdateCommentBody = z.input<typeof UpdateCommentBody>;

export const PostCommentReplyBody = lazy(() => z.strictObject({ body: DocumentInput }));
export type PostCommentReplyBody = z.input<typeof PostCommentReplyBody>;

export const UpdateCommentReplyBody = lazy(() => z.strictObject({ body: DocumentInput.optional(), ...reactions }));
export type UpdateCommentReplyBody = z.input<typeof UpdateCommentReplyBody>;

/* ---------- responses ---------- */

export const EmojiReaction = lazy(() =>
  z.looseObject({
    emoji: z.string(),
    count: z.number().optional(),
    users: z.array(z.looseObject({ user: User, reactedAt: DateTime.optional() })).optional(),
  }),
);

export const CommentPermissions = lazy(() => permissions(COMMENT_PERMISSIONS));

export const CommentTarget = lazy(() =>
  z.looseObject({
    node: z.looseObject({ id: z.string(), preview: z.string().optional() }).optional(),
    tableCell: z.looseObject({ record: z.string(), definition: z.string() }).optional(),
    changeRequest: z.string().optional(),
    review: z.string().optional(),
    page: z
      .looseObject({
        id: z.string(),
        title: z.string().optional(),
        emoji: z.string().optional(),
        icon: z.string().optional(),
        createdAt: DateTime.optional(),
        updatedAt: DateTime.optional(),
        path: z.string().optional(),
        outdated: z.boolean().optional(),
      })
      .optional(),
    space: z.string().optional(),
    revision: z.string().optional(),
  }),
);

/** What a comment and a reply have, beside `object` and `id`. */
const postedFields = lazy(() => ({
  postedBy: User,
  postedAt: DateTime,
  editedAt: DateTime.optional(),
  reactions: z.array(EmojiReaction).optional(),
  body: Document,
  urls: urlsOf(['location']).optional(),
  permissions: CommentPermissions.optional(),
}));

export const Comment = resource(() => ({
  ...postedFields,
  replies: z.number().optional(),
  target: CommentTarget.optional(),
  /** `open`, or `resolved` with `resolvedAt` and `resolvedBy`. */
  status: openEnum(COMMENT_STATUSES).optional(),
  resolvedAt: DateTime.optional(),
  resolvedBy: User.optional(),
}));
export type Comment = z.infer<typeof Comment>;

export const CommentReply = resource(() => postedFields);
export type CommentReply = z.infer<typeof CommentReply>;
