import type { FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Icon } from "#app/components/site/icons.tsx";
import { buttonClass } from "#app/components/ui/button-class.ts";
import { Input, Label } from "#app/components/ui/field.tsx";
import { useLocalePath, useT } from "#app/lib/i18n/use-words.ts";
import {
  MAX_TRACKING_NUMBER_LENGTH,
  normalizeTrackingNumber,
  TRACKING_NUMBER_EXAMPLE,
  trackingPath,
} from "#app/lib/tracking-number.ts";

/**
 * The tracking number search. A plain GET to /track (the server trims, upper-cases and redirects to
 * /track/:trackingNumber), so it works without JavaScript; with it, the browser goes straight to the
 * result and an empty entry does nothing.
 */
export function TrackingForm({ defaultValue = "" }: { defaultValue?: string }) {
  const navigate = useNavigate();
  const t = useT();
  const to = useLocalePath();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("number");
    const value = normalizeTrackingNumber(input instanceof HTMLInputElement ? input.value : "");
    if (value === "") return;
    navigate(to(trackingPath(value)));
  }

  return (
    <Form
      method="get"
      action={to("/track")}
      onSubmit={onSubmit}
      className="print:hidden"
      role="search"
      aria-label={t("Track a shipment")}
    >
      <Label htmlFor="tracking-number">{t("Tracking number")}</Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="tracking-number"
          name="number"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={TRACKING_NUMBER_EXAMPLE}
          defaultValue={defaultValue}
          maxLength={MAX_TRACKING_NUMBER_LENGTH * 4}
          className="h-12 text-base sm:flex-1"
        />
        <button type="submit" className={buttonClass({ size: "lg", className: "sm:w-36" })}>
          <Icon name="search" aria-hidden="true" className="size-4" />
          {t("Track")}
        </button>
      </div>
    </Form>
  );
}
