import { Icon } from "#app/components/site/icons.tsx";
import { cn } from "#app/lib/cn.ts";

/** Five stars, filled up to `rating`, read as 'Rated 5 out of 5'. */
export function StarRating({
  rating,
  label,
  className,
}: {
  rating: number;
  label: string;
  className?: string;
}) {
  return (
    <div role="img" aria-label={label} className={cn("flex gap-1", className)}>
      {[1, 2, 3, 4, 5].map((position) => (
        <Icon
          name="star"
          key={position}
          aria-hidden="true"
          className={cn(
            "h-5 w-5",
            position <= rating ? "fill-amber-400 text-amber-400" : "fill-transparent text-slate-300",
          )}
        />
      ))}
    </div>
  );
}
