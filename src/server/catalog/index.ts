/** The catalogue's domain functions, called in-process by pages and by src/server/api/catalog.ts. */
export {
  artworkTextOf,
  getHomeSlider,
  getHomeWidgets,
  getProductCards,
  getTitle,
  getWidgetItems,
  listFacets,
  searchCatalog,
} from './catalogue';
export { bumpCatalogueVersion } from './cache';
export { normalizeSearchText } from './normalize';

// What other rooms use (decision record 0038).
export { announceCatalogueChange, catalogueChanged } from './changes';
export { type CuratedRows, rowsSchema, type SliderContent, sliderSchema } from './home-content';
