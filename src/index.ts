export { DocsClient, type DocsClientOptions, type CallOptions, type PreparedRequest, type OperationId } from './api/client.js';
export { areas, operationsById, allOperations, operationNames } from './api/operations/index.js';
export { defineOperation, type Operation, type OperationParams, type OperationResult } from './api/operation.js';
export * from './api/errors.js';
export { ValidationError, formatIssues } from './api/validation.js';
export { paginate } from './api/paginate.js';
