import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { type ButtonLook, buttonClass } from "#app/components/ui/button-class.ts";

export { buttonClass };

type ButtonProps = ComponentProps<"button"> &
  Omit<ButtonLook, "className"> & {
    /** Render the child element (e.g. a Link) with the button's styles. */
    asChild?: boolean;
  };
export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      className={buttonClass({ variant, size, className })}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
