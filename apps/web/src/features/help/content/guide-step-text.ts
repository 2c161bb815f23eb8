// A translated setup guide reuses the English steps' illustrations: each text takes the image of the step at its position.
import type { GuideStep } from './guide-steps';

export type GuideStepText = Omit<GuideStep, 'image'>;

/** Pairs translated step texts with the illustrations of the English steps, one for one. */
export function illustrated(texts: GuideStepText[], english: GuideStep[]): GuideStep[] {
  if (texts.length !== english.length) {
    throw new Error(`A guide has ${texts.length} translated steps for ${english.length} images.`);
  }
  return texts.map((text, index) => ({ ...text, image: english[index]?.image ?? '' }));
}
