/** Words that say little about what a text is about ("the", "because", "please"). */
export const STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both
  but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each explain few for from
  further get gets got give had hadn't has hasn't have haven't having he her here hers herself him himself his how i i'd
  i'll i'm i've if in into is isn't it it's its itself just know let's like make me more most much my myself need no nor
  not now of off on once only or other ought our ours ourselves out over own please really same say shall she should
  shouldn't so some something tell than that that's the their theirs them themselves then there there's these they
  thing things think this those through to too under until up very want was wasn't we were weren't what what's when
  where which while who who's whom why why's will with won't would wouldn't you you'd you'll you're you've your yours
  yourself yourselves also ever anything everything best good better well okay ok yes hey`.split(/\s+/),
);

/** Words of a text, lower case, apostrophes kept inside words ("i'll" is not "ill"). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).map((word) => word.replace(/’/g, "'"));
}
