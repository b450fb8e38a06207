import { Spinner } from '@inkjs/ui';
import { Text } from 'ink';
import { describeError } from '../../cli/errors.js';
import { truncate } from '../format.js';
import { useRateLimitWait, waitLine } from '../rate-limit.js';

/**
 * One line under a view for what is going on: a spinner while a request runs (in yellow, with a countdown, while
 * it waits on the API's rate limit), the error of the last failed request (in red, the view keeps running), or a
 * short notice. Empty otherwise, so the layout does not jump.
 */
export function StatusLine({
  loading,
  error,
  notice,
  width,
}: {
  loading?: string | false;
  error?: unknown;
  notice?: string;
  width: number;
}) {
  const limited = useRateLimitWait();
  if (loading && limited) {
    return (
      <Text color="yellow" wrap="truncate">
        {truncate(`⏸ ${waitLine(limited.shown, limited.leftMs)}`, width)}
      </Text>
    );
  }
  if (loading) return <Spinner label={truncate(loading, width - 2)} />;
  if (error !== undefined && error !== null) {
    return (
      <Text color="red" wrap="truncate">
        {truncate(`✗ ${describeError(error)}`, width)}
      </Text>
    );
  }
  if (notice) {
    return (
      <Text color="green" wrap="truncate">
        {truncate(notice, width)}
      </Text>
    );
  }
  return <Text> </Text>;
}
