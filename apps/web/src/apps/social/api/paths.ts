/** API paths the social home route starts with its chunks (its `early`), and its queries take over. */
export const FEED_PATH = '/api/social-posts/';
export const TRENDS_PATH = '/api/social-posts/trends/';
