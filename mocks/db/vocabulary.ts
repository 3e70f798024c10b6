/**
 * The words the seed is made of. The category tree is four roots, each with three themes, each with
 * four leaves. A theme also gives the subjects of its assets' names and its own keywords, so names,
 * keywords and categories of one asset agree and the facets look like a real catalogue.
 */
export interface ThemeOutline {
  name: string;
  leaves: readonly [string, string, string, string];
  subjects: readonly string[];
  keywords: readonly string[];
}

export interface RootOutline {
  name: string;
  themes: readonly [ThemeOutline, ThemeOutline, ThemeOutline];
}

export const CATEGORY_OUTLINE: readonly RootOutline[] = [
  {
    name: 'Brand',
    themes: [
      {
        name: 'Logos & identity',
        leaves: ['Primary logos', 'Icons', 'Colour palettes', 'Typography'],
        subjects: ['logo lockup', 'monogram', 'icon set', 'colour swatch', 'letterform', 'brand mark'],
        keywords: ['logo', 'identity', 'icon', 'typography'],
      },
      {
        name: 'Campaigns',
        leaves: ['Spring 2025', 'Summer 2025', 'Autumn 2025', 'Winter 2025'],
        subjects: ['campaign visual', 'billboard', 'key visual', 'social banner', 'poster', 'teaser'],
        keywords: ['campaign', 'advertising', 'social media', 'poster'],
      },
      {
        name: 'Packaging',
        leaves: ['Boxes', 'Labels', 'Bottles', 'Bags'],
        subjects: ['gift box', 'label', 'glass bottle', 'paper bag', 'mock-up', 'die-cut'],
        keywords: ['packaging', 'mock-up', 'label', 'recycled'],
      },
    ],
  },
  {
    name: 'Products',
    themes: [
      {
        name: 'Outdoor gear',
        leaves: ['Tents', 'Backpacks', 'Footwear', 'Jackets'],
        subjects: ['tent', 'backpack', 'hiking boot', 'rain jacket', 'sleeping bag', 'trail shoe'],
        keywords: ['outdoor', 'hiking', 'camping', 'product'],
      },
      {
        name: 'Home & living',
        leaves: ['Furniture', 'Lighting', 'Textiles', 'Kitchenware'],
        subjects: ['armchair', 'pendant lamp', 'linen throw', 'ceramic bowl', 'oak table', 'vase'],
        keywords: ['interior', 'furniture', 'design', 'product'],
      },
      {
        name: 'Food & drink',
        leaves: ['Coffee', 'Bakery', 'Fresh produce', 'Beverages'],
        subjects: ['espresso', 'croissant', 'orchard apples', 'lemonade', 'sourdough', 'latte art'],
        keywords: ['food', 'drink', 'coffee', 'organic'],
      },
    ],
  },
  {
    name: 'Places',
    themes: [
      {
        name: 'Cities',
        leaves: ['Paris', 'Lyon', 'New York', 'Tokyo'],
        subjects: ['skyline', 'street corner', 'café terrace', 'metro station', 'bridge', 'rooftops'],
        keywords: ['city', 'architecture', 'street', 'travel'],
      },
      {
        name: 'Landscapes',
        leaves: ['Mountains', 'Coast', 'Forests', 'Deserts'],
        subjects: ['mountain lake', 'sea cliff', 'pine forest', 'sand dunes', 'valley', 'waterfall'],
        keywords: ['nature', 'landscape', 'travel', 'sky'],
      },
      {
        name: 'Offices',
        leaves: ['Headquarters', 'Workshops', 'Stores', 'Warehouses'],
        subjects: ['lobby', 'workshop bench', 'shop window', 'loading bay', 'meeting room', 'atrium'],
        keywords: ['office', 'workplace', 'architecture', 'retail'],
      },
    ],
  },
  {
    name: 'People',
    themes: [
      {
        name: 'Team',
        leaves: ['Portraits', 'At work', 'Meetings', 'Celebrations'],
        subjects: ['portrait', 'team photo', 'whiteboard session', 'toast', 'handshake', 'headshot'],
        keywords: ['people', 'team', 'portrait', 'corporate'],
      },
      {
        name: 'Customers',
        leaves: ['Testimonials', 'In store', 'Outdoors', 'Families'],
        subjects: ['testimonial', 'shopper', 'picnic', 'family walk', 'cyclist', 'smiling customer'],
        keywords: ['people', 'lifestyle', 'customer', 'family'],
      },
      {
        name: 'Events',
        leaves: ['Trade fairs', 'Product launches', 'Conferences', 'Training days'],
        subjects: ['booth', 'stage', 'keynote', 'audience', 'demo table', 'networking'],
        keywords: ['event', 'conference', 'launch', 'audience'],
      },
    ],
  },
];

/** Keywords any asset may carry, whatever its theme. */
export const GENERIC_KEYWORDS = [
  'blue',
  'red',
  'green',
  'yellow',
  'black and white',
  'bright',
  'dark',
  'minimal',
  'close-up',
  'aerial',
  'night',
  'summer',
  'winter',
  'vintage',
  'texture',
  'copy space',
] as const;

export const ADJECTIVES = [
  'Golden',
  'Misty',
  'Quiet',
  'Vivid',
  'Morning',
  'Evening',
  'Bold',
  'Soft',
  'Rainy',
  'Sunny',
  'Hidden',
  'Bright',
  'Calm',
  'Urban',
  'Classic',
  'Fresh',
  'Winter',
  'Summer',
  'Autumn',
  'Spring',
  'Minimal',
  'Warm',
  'Cool',
  'Wild',
] as const;
