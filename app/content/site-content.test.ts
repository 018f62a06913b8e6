import { describe, expect, it } from "vitest";
import { homeServiceCards, homeServicePath } from "#app/content/home.ts";
import { milestones } from "#app/content/milestones.ts";
import { formatStat, impactStats } from "#app/content/stats.ts";
import { teamMembers } from "#app/content/team.ts";
import { testimonials } from "#app/content/testimonials.ts";

describe("home and about content", () => {
  it("links the service cards to /services/{title lowercased, first space replaced by a hyphen}", () => {
    expect(homeServiceCards.map((card) => homeServicePath(card.title))).toEqual([
      "/services/air-freight",
      "/services/sea-freight",
      "/services/road-transport",
    ]);
  });

  it("has seven testimonials, all rated 5", () => {
    expect(testimonials).toHaveLength(7);
    expect(testimonials.every((testimonial) => testimonial.rating === 5)).toBe(true);
  });

  it("has the four team roles", () => {
    expect(teamMembers.map((member) => member.role)).toEqual([
      "CEO & Founder",
      "Operations Director",
      "Head of Sales",
      "Technology Officer",
    ]);
  });

  it("has seven milestones from 2010 to 2025, oldest first", () => {
    const years = milestones.map((milestone) => milestone.year);
    expect(years).toHaveLength(7);
    expect(years[0]).toBe(2010);
    expect(years.at(-1)).toBe(2025);
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });

  it("formats the impact numbers with thousands separators and '+'", () => {
    expect(impactStats.map((stat) => [stat.label, formatStat(stat.value, stat.suffix)])).toEqual([
      ["Packages", "9,800+"],
      ["Offices", "230+"],
      ["Employees", "1,200+"],
      ["Tons", "5,200+"],
    ]);
  });
});
