/**
 * Where the video library is also published (specification, section 2: video channel, photo-sharing, blog).
 * Set at build time with VITE_VIDEO_CHANNEL_URL, VITE_PHOTO_SHARING_URL and VITE_BLOG_URL; a blank or
 * missing value falls back to the platform's own home page.
 */
export const CHANNEL_URLS = {
  video: import.meta.env.VITE_VIDEO_CHANNEL_URL?.trim() || 'https://www.youtube.com/',
  photos: import.meta.env.VITE_PHOTO_SHARING_URL?.trim() || 'https://www.instagram.com/',
  blog: import.meta.env.VITE_BLOG_URL?.trim() || 'https://medium.com/',
} as const;
