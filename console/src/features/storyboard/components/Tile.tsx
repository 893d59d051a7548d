import type { StoryboardTileError } from '@nq/contracts/analytics/storyboard';
import { Card } from '@tremor/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/i18n/i18n.ts';

/** A tile: its title (a link to the screen that explains it, when the profile has that screen) and its content. */
export function Tile({
  title,
  to,
  testId,
  className = '',
  children,
}: {
  title: string;
  to?: string | undefined;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={`flex flex-col gap-3 ${className}`} data-testid={testId}>
      <h2 className="text-base font-semibold text-tremor-content-strong">
        {to ? (
          <Link to={to} className="hover:underline focus:underline focus:outline-none">
            {title}
          </Link>
        ) : (
          title
        )}
      </h2>
      {children}
    </Card>
  );
}

/** Grey blocks where the tile's content will be, while the storyboard loads. */
export function TileSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div className="flex animate-pulse flex-col gap-2" aria-hidden="true" data-testid="tile-skeleton">
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={index} className="h-4 rounded bg-gray-200" style={{ width: `${90 - index * 15}%` }} />
      ))}
    </div>
  );
}

/** A tile (or a part of one) that failed: its catalogue message in the interface language. */
export function TileError({ error }: { error: StoryboardTileError }) {
  return (
    <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700" data-testid="tile-error">
      {errorMessage(error.code, error.params)}
    </p>
  );
}

/** What a tile says when it has nothing to show. */
export function TileEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-tremor-content">{children}</p>;
}
