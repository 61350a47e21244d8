/** Colour on a terminal unless --no-color or NO_COLOR; FORCE_COLOR turns it on anywhere. */
export function useColor(stream: NodeJS.WriteStream, flag: boolean | undefined): boolean {
  if (flag === false || process.env.NO_COLOR) return false;
  if (process.env.FORCE_COLOR) return true;
  return stream.isTTY === true;
}
