// What each default video says: the portal's own text from proto's catalogue (the treatment modalities and
// the condition pages), so the library narrates what the site already teaches and nothing is made up here.
// The seed (services/content/data/videos.json) lists the videos and their titles; this file says which
// catalogue entry each one explains. A seed video served from /media/videos/ without an entry here stops
// the generator with its id.
import { registerHooks } from 'node:module';

// proto's sources import their siblings as './x.js' (NodeNext); Node strips the types of a .ts file but
// does not look for the .ts beside a missing .js. Reading the sources, not proto/dist, lets the bootstrap
// generate the media before anything is built.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
        return next(`${specifier.slice(0, -3)}.ts`, context);
      }
      throw error;
    }
  },
});

/** The catalogue files the narration is taken from (their contents are part of the generator's stamp). */
export const CATALOGUE_FILES = ['proto/src/catalogue/modalities.ts', 'proto/src/catalogue/conditions.ts'];

/** The specification's disclaimer, said at the end of every video. */
export const DISCLAIMER =
  'This information is for educational purposes only. Please consult your medical doctor for health concerns.';

/** Which catalogue entry each default video explains. */
const SOURCES = {
  'ayurveda-overview': { modality: 'ayurveda' },
  'chiropractic-overview': { modality: 'chiropractic' },
  'naet-overview': { modality: 'naet' },
  'lifevessel-overview': { modality: 'lifevessel' },
  'lifewave-overview': { modality: 'lifewave' },
  'nutrition-overview': { modality: 'nutrition' },
  'insomnia-ayurvedic-approach': { condition: 'insomnia', approach: 'ayurveda' },
  'acid-reflux-cooling-approach': { condition: 'acid-reflux', approach: 'ayurveda' },
  'irritability-chiropractic-care': { condition: 'irritability', approach: 'chiropractic' },
  'constipation-anxiety-naet': { condition: 'constipation-anxiety', approach: 'naet' },
  'rashes-food-as-medicine': { condition: 'rashes', approach: 'nutrition' },
  'weight-gain-food-as-medicine': { condition: 'weight-gain', approach: 'nutrition' },
  'nervous-overeating-lifevessel': { condition: 'nervous-overeating', approach: 'lifevessel' },
  'lethargy-depression-energy-patches': { condition: 'lethargy-depression', energyPatch: true },
};

const sentences = (text) => text.match(/[^.!?]+[.!?]+/g)?.map((s) => s.trim()) ?? [text];
const asSentence = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The script of each video: its title (from the seed), 3 to 5 key points from the catalogue, the
 * disclaimer, and the colour of its modality for the slides. Throws naming a video it has no source for.
 */
export async function videoScripts(seedVideos) {
  const { MODALITIES, CONDITIONS } = await import('../../proto/src/catalogue/index.ts');
  const modality = (id) => MODALITIES.find((m) => m.id === id);
  return seedVideos.map((video) => {
    const source = SOURCES[video.id];
    if (!source) throw new Error(`scripts/media/library.mjs has no catalogue source for the video ${video.id}`);
    let points;
    let colour;
    if (source.modality) {
      const m = modality(source.modality);
      points = [m.description, ...sentences(m.overview), ...(m.benefits ?? []).map(asSentence)].slice(0, 5);
      colour = m.colour;
    } else {
      const condition = CONDITIONS.find((c) => c.slug === source.condition);
      if (source.energyPatch) {
        points = [condition.subtitle, ...sentences(condition.energyPatch.text), ...condition.tips].slice(0, 5);
        colour = modality('lifewave').colour;
      } else {
        const approach = condition.approaches.find((a) => a.modality === source.approach);
        points = [...sentences(condition.subtitle).slice(0, 1), ...approach.points.map(asSentence), condition.tips[0]];
        colour = modality(approach.modality).colour;
      }
    }
    return { id: video.id, title: video.title, label: modality(video.category).name, colour, points };
  });
}
