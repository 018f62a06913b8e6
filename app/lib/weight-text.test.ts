import { describe, expect, it } from "vitest";
import { parseWeightKg } from "#app/lib/weight-text.ts";

describe("parseWeightKg", () => {
  it.each([
    ["250 kg", 250],
    ["250kg", 250],
    ["  250 KG ", 250],
    ["2 tons", 2000],
    ["2 tonnes", 2000],
    ["1.5 t", 1500],
    ["1,200.5 kg", 1200.5],
    ["about 40 kgs", 40],
    ["100 lbs", 45.36],
    ["500 g", 0.5],
  ])("reads %j as %d kg", (text, kg) => {
    expect(parseWeightKg(text)).toBe(kg);
  });

  it.each([
    "10 kg, 2 tons",
    "10 kg and 2 tons",
    "250",
    "3 pallets",
    "heavy",
    "",
    "0 kg",
    "250 kg each",
    "between 100 and 200 kg",
    "1,20 kg",
    "-5 kg",
  ])("reads %j as no weight", (text) => {
    expect(parseWeightKg(text)).toBeNull();
  });
});
