import { Spinner } from '@inkjs/ui';
import { Text } from 'ink';
import { describeError } from '../../cli/errors.js';
import { truncate } from '../format.js';
import { useRateLimitWait, waitLine } from '../rate-limit.js';

/**
 * One line under a view for what is going on: a spinner while a request runs (in yellow, with a countdown, while
 * it waits on the API's rate limit), the error of the last failed request (in red, the view keeps running), or a
 * short notice. Empty otherwise, so the layout does not jump. `sign`, the answer to a key that does nothing
 * (unknownKeySign), is shown over the error or the notice until the next key, which brings them back.
 */
export function StatusLine({
  loading,
  error,
  notice,
  sign,
  width,
}: {
  loading?: string | false;
  error?: unknown;
  notice?: string;
  sign?: string | undefined;
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
  if (sign) {
    return (
      <Text color="yellow" wrap="truncate">
        {truncate(sign, width)}
      </Text>
    );
  }
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
