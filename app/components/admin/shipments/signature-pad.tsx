import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";

export type SignaturePadHandle = {
  /** The drawing as a PNG, or null when nothing is drawn. */
  toBlob(): Promise<Blob | null>;
};

const HEIGHT = 180;

/**
 * A signature drawn with a finger, a pen or the mouse on a <canvas> (pointer events). What is drawn is kept in
 * sessionStorage under `storageKey`, so a reload of the page keeps it. Only rendered once the page's script
 * runs; keyboard and screen-reader users (and pages without JavaScript) sign with the typed name, which the
 * page says.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, { storageKey: string; describedBy: string }>(
  function SignaturePad({ storageKey, describedBy }, ref) {
    const canvas = useRef<HTMLCanvasElement>(null);
    const drawing = useRef(false);
    const [inked, setInked] = useState(false);

    const context = useCallback(() => {
      const ctx = canvas.current?.getContext("2d");
      if (!ctx) return null;
      ctx.lineWidth = 2.5 * (window.devicePixelRatio || 1);
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.strokeStyle = "#0f172a";
      return ctx;
    }, []);

    // Sizes the drawing surface to the element (sharp on a phone's dense screen) and restores a kept drawing.
    useEffect(() => {
      const element = canvas.current;
      if (!element) return;
      const ratio = window.devicePixelRatio || 1;
      element.width = Math.round(element.clientWidth * ratio);
      element.height = Math.round(HEIGHT * ratio);
      const kept = sessionStorage.getItem(storageKey);
      if (!kept) return;
      const image = new Image();
      image.onload = () => {
        const scale = Math.min(element.width / image.width, element.height / image.height, 1);
        context()?.drawImage(image, 0, 0, image.width * scale, image.height * scale);
        setInked(true);
      };
      image.src = kept;
    }, [storageKey, context]);

    useImperativeHandle(ref, () => ({
      toBlob: () =>
        new Promise((resolve) => {
          if (!inked || !canvas.current) resolve(null);
          else canvas.current.toBlob((blob) => resolve(blob), "image/png");
        }),
    }));

    const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
      const rect = event.currentTarget.getBoundingClientRect();
      const ratio = event.currentTarget.width / rect.width;
      return { x: (event.clientX - rect.left) * ratio, y: (event.clientY - rect.top) * ratio };
    };

    const keep = () => {
      try {
        if (canvas.current) sessionStorage.setItem(storageKey, canvas.current.toDataURL("image/png"));
      } catch {
        // Storage full or refused: the drawing is only lost on a reload.
      }
    };

    const clear = () => {
      const element = canvas.current;
      if (element) element.getContext("2d")?.clearRect(0, 0, element.width, element.height);
      sessionStorage.removeItem(storageKey);
      setInked(false);
    };

    return (
      <div className="flex flex-col gap-2">
        <canvas
          ref={canvas}
          role="img"
          aria-label={inked ? "Signature pad, signed" : "Signature pad, empty"}
          aria-describedby={describedBy}
          className="h-[180px] w-full touch-none rounded-md border-2 border-dashed border-slate-400 bg-white"
          onPointerDown={(event) => {
            const ctx = context();
            if (!ctx) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            drawing.current = true;
            const { x, y } = point(event);
            ctx.beginPath();
            ctx.moveTo(x, y);
            ctx.lineTo(x + 0.1, y + 0.1);
            ctx.stroke();
            setInked(true);
          }}
          onPointerMove={(event) => {
            if (!drawing.current) return;
            const ctx = context();
            if (!ctx) return;
            const { x, y } = point(event);
            ctx.lineTo(x, y);
            ctx.stroke();
          }}
          onPointerUp={() => {
            if (!drawing.current) return;
            drawing.current = false;
            keep();
          }}
          onPointerCancel={() => {
            drawing.current = false;
            keep();
          }}
        />
        <Button type="button" variant="outline" className="self-start" onClick={clear} disabled={!inked}>
          Clear signature
        </Button>
      </div>
    );
  },
);
