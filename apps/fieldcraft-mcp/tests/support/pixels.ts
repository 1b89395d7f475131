// What a screenshot shows, read as a person would: decode the PNG a tool returned and count what is drawn.
import { PNG } from "pngjs";

type Block = { type: string; data?: string };

/** The PNG of the first image block of a tool result, decoded. */
export function imageOf(result: { content: Block[] }): PNG {
  const image = result.content.find((b) => b.type === "image");
  if (!image?.data) throw new Error("the tool result has no image block");
  return PNG.sync.read(Buffer.from(image.data, "base64"));
}

/** The fraction of pixels that differ from the top-left (background) pixel. */
export function drawnFraction(png: PNG): number {
  const background = png.data.readUInt32BE(0);
  let drawn = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data.readUInt32BE(i) !== background) drawn++;
  return drawn / (png.width * png.height);
}
