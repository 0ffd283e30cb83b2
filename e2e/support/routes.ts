/** Spec §2, with sample values for the path parameters: path, layout, page title. */
export const PUBLIC_ROUTES: [string, string, string][] = [
  ['/', 'mainAppsManager', 'Home | Apps Manager'],
  ['/apps_manager/search?query=lab', 'mainAppsManager', 'Search | Apps Manager'],
  ['/taberna', 'mainTaberna', 'Home | Taberna E-com'],
  ['/taberna/signup', 'mainTaberna', 'Signup | Taberna E-com'],
  ['/taberna/login', 'mainTaberna', 'Login | Taberna E-com'],
  ['/taberna-store/category/shoes/red-sneaker', 'mainTaberna', 'Product | Taberna E-com'],
  ['/taberna-store/category/shoes', 'mainTaberna', 'Category | Taberna E-com'],
  ['/taberna/search?query=hat', 'mainTaberna', 'Search | Taberna E-com'],
  ['/taberna/cart', 'mainTaberna', 'Cart | Taberna E-com'],
  ['/taberna/cart/success', 'mainTaberna', 'Payment successful | Taberna E-com'],
  ['/taberna/cart/failed', 'mainTaberna', 'Payment failed | Taberna E-com'],
  ['/social/home', 'mainSocial', 'Home | Social Network'],
  ['/social/profile/alice-martin', 'mainSocial', 'Alice Martin | Social Network'],
  ['/social/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'mainSocial', 'Post | Social Network'],
  ['/social/trends/django', 'mainSocial', 'Trend | Social Network'],
  ['/social/search', 'mainSocial', 'Search | Social Network'],
  ['/social/signup', 'mainSocial', 'Signup | Social Network'],
  ['/social/login', 'mainSocial', 'Login | Social Network'],
  ['/ai-lab', 'mainAILab', 'Funny Chat | AI Lab'],
  ['/ai-lab/image-generator', 'mainAILab', 'Image Generator | AI Lab'],
  ['/ai-lab/voice-generator', 'mainAILab', 'Voice Generator | AI Lab'],
  ['/ai-lab/realtime-chat', 'mainAILab', 'Realtime Chat | AI Lab'],
  ['/hyper3d', 'mainHyper3d', 'Figures | Hyper 3D (Work In Progress)'],
  ['/hyper3d/animate', 'mainHyper3d', 'Animate | Hyper 3D (Work In Progress)'],
  ['/hyper3d/local-model', 'mainHyper3d', 'Local Model | Hyper 3D (Work In Progress)'],
];

/** The social network's pages behind the login guard: path, page title. */
export const SOCIAL_PROTECTED: [string, string][] = [
  ['/social/profile/edit', 'Edit Profile | Social Network'],
  ['/social/profile/alice-martin/friends', 'Friends | Social Network'],
  ['/social/chat', 'Chat | Social Network'],
  ['/social/notifications', 'Notifications | Social Network'],
  ['/social/edit/password', 'Edit Password | Social Network'],
];
