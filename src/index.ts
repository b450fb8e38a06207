export {
  DocsClient,
  type DocsClientOptions,
  type CallOptions,
  type ClientAreas,
  type OperationMethod,
  type PreparedRequest,
  type OperationId,
} from './api/client.js';
export { areas, operationsById, allOperations, operationNames, type OperationsById } from './api/operations/index.js';
export {
  defineOperation,
  NUMERIC_PATH_PARAMS,
  type HttpMethod,
  type Operation,
  type OperationItem,
  type OperationParams,
  type OperationResult,
  type PathParams,
} from './api/operation.js';
export * from './api/errors.js';
export { formatIssues } from './api/validation.js';
export { paginate, DEFAULT_PAGE_SIZE, type PaginateOptions } from './api/paginate.js';
export type { HttpOptions, TimeoutOptions, RetryOptions } from './api/http.js';
export {
  WaitBudget,
  DEFAULT_MAX_WAIT_MS,
  type RateLimitOptions,
  type RateLimitState,
  type RateLimitWait,
  type RequestKind,
} from './api/rate-limit.js';

// Resources as the API answers them (the output types of the lenient response schemas).
export type { User, ListEnvelope } from './api/schemas/common.js';
export type { ChangeRequest, MergeResult } from './api/schemas/change-request.js';
export type { Collection } from './api/schemas/collection.js';
export type { Comment, CommentReply, Document, DocumentInput, JSONDocument } from './api/schemas/comment.js';
export type { ContentLocation, ImportResult, LinkItem, LinkList, Page, Revision, RevisionFile } from './api/schemas/content.js';
export type { ContentRef } from './api/schemas/content-ref.js';
export type { GitInfo } from './api/schemas/git.js';
export type { Member, MemberSpacePermission, MemberTeam, PingResult, Team, TeamMemberItem } from './api/schemas/member.js';
export type { OpenAPISpec, OpenAPISpecContent, OpenAPISpecVersion } from './api/schemas/openapi.js';
export type { Organization } from './api/schemas/organization.js';
export type { SearchOrgItem, SearchPage, SearchSpaceResult } from './api/schemas/search.js';
export type {
  PublishedSite,
  Site,
  SiteAdaptiveSchema,
  SiteSection,
  SiteSectionGroup,
  SiteSpace,
  TemplateCondition,
} from './api/schemas/site.js';
export type { Space, GitSyncState } from './api/schemas/space.js';
export type { SamlProvider, SsoLoginInfo } from './api/schemas/sso.js';
export type { Translation } from './api/schemas/translation.js';
