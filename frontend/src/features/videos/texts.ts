// Screen texts of the Video Library. "No video available" is quoted by the specification and used verbatim.
export const texts = {
  pageTitle: 'Video Library',
  intro:
    'Short lessons on Ayurveda, Chiropractic, NAET, food as medicine, LifeVessel and LifeWave. Choose a topic, then select a video to watch it.',
  filterLabel: 'Filter videos by category',
  all: 'All',
  loading: 'Loading videos…',
  shown: (count: number) => `Showing ${count} ${count === 1 ? 'video' : 'videos'}`,
  emptyAll: 'No videos have been published yet.',
  emptyCategory: 'No videos in this category yet.',
  showAll: 'Show all videos',
  errorTitle: 'Videos could not be loaded',
  retry: 'Try again',
  partFailed: 'This part of the page could not be loaded. Please reload the page to try again.',
  duration: 'Duration',
  save: 'Save',
  noVideo: 'No video available',
  videoFallback: 'Your browser cannot play this video.',
  captionsLabel: 'English',
  infoTitle: 'Published everywhere, automatically',
  infoText:
    'Every video in this library is auto-published to our video channel, blog and social platforms through an automation service.',
  channelsLabel: 'Where the videos also appear:',
  channels: { video: 'Video channel', photos: 'Photo-sharing', blog: 'Blog' },
  opensElsewhere: '(another website)',
} as const;
