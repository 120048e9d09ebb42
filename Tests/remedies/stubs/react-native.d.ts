// The React, react-native, react-native-webview, react-native-permissions,
// react-native-vision-camera, Capacitor and Cordova types that the catalog's JSX and
// TypeScript snippets use, as declarations only (from each package's own typings), so tsc can
// check the snippets without node_modules.
/** React Native's development flag (https://reactnative.dev/docs/javascript-environment). */
declare const __DEV__: boolean;
declare namespace JSX {
  interface Element {}
  interface ElementChildrenAttribute { children: {} }
  interface IntrinsicAttributes { key?: string | number }
  interface IntrinsicElements {}
}
declare module 'react' {
  export type ReactNode = JSX.Element | string | number | boolean | null | undefined | ReactNode[];
  export type ComponentType<P> = (props: P) => JSX.Element | null;
  export function useRef<T>(initial: T | null): { current: T | null };
  export function useState<S>(initial: S): [S, (next: S) => void];
  export function useEffect(effect: () => void | (() => void), deps?: unknown[]): void;
  export const Fragment: ComponentType<{ children?: ReactNode }>;
}
declare module 'react-native' {
  export const Platform: { OS: 'ios' | 'android' };
  export const Linking: {
    openURL(url: string): Promise<void>;
    openSettings(): Promise<void>;
    getInitialURL(): Promise<string | null>;
    addEventListener(type: 'url', handler: (event: { url: string }) => void): { remove(): void };
  };
  export const PermissionsAndroid: {
    PERMISSIONS: { CAMERA: 'android.permission.CAMERA' };
    RESULTS: { GRANTED: 'granted'; DENIED: 'denied'; NEVER_ASK_AGAIN: 'never_ask_again' };
    request(permission: string): Promise<'granted' | 'denied' | 'never_ask_again'>;
    check(permission: string): Promise<boolean>;
  };
}
declare module 'react-native-webview' {
  import type { ReactNode } from 'react';
  export interface WebViewNavigation { url: string }
  // As WebViewTypes.ts declares it (v16.0.0): iOS asks for every frame's load, isTopFrame
  // false for an iframe's.
  export interface ShouldStartLoadRequest extends WebViewNavigation { isTopFrame: boolean }
  export interface WebViewOpenWindowEvent { nativeEvent: { targetUrl: string } }
  export interface WebViewProps {
    source?: { uri: string };
    style?: { flex?: number };
    javaScriptEnabled?: boolean;
    userAgent?: string;
    applicationNameForUserAgent?: string;
    contentMode?: 'recommended' | 'mobile' | 'desktop';
    domStorageEnabled?: boolean;
    geolocationEnabled?: boolean;
    sharedCookiesEnabled?: boolean;
    thirdPartyCookiesEnabled?: boolean;
    incognito?: boolean;
    cacheEnabled?: boolean;
    limitsNavigationsToAppBoundDomains?: boolean;
    allowsInlineMediaPlayback?: boolean;
    mediaPlaybackRequiresUserAction?: boolean;
    mediaCapturePermissionGrantType?: 'grantIfSameHostElsePrompt' | 'grantIfSameHostElseDeny' | 'deny' | 'grant' | 'prompt';
    originWhitelist?: string[];
    allowFileAccess?: boolean;
    setSupportMultipleWindows?: boolean;
    mixedContentMode?: 'never' | 'always' | 'compatibility';
    onShouldStartLoadWithRequest?: (event: ShouldStartLoadRequest) => boolean;
    onOpenWindow?: (event: WebViewOpenWindowEvent) => void;
    // WebViewMessageEvent (WebViewTypes.ts, v16.0.0): the page's postMessage string.
    onMessage?: (event: { nativeEvent: { data: string } }) => void;
    onError?: (event: unknown) => void;
    onHttpError?: (event: unknown) => void;
    renderError?: (errorDomain: string | undefined, errorCode: number, errorDesc: string) => ReactNode;
    // As react-native-webview's WebViewTypes.ts declares them (v16.0.0): iOS's web content
    // process ended; Android's renderer is gone.
    onContentProcessDidTerminate?: (event: { nativeEvent: { url: string } }) => void;
    onRenderProcessGone?: (event: { nativeEvent: { didCrash: boolean } }) => void;
  }
  export function WebView(props: WebViewProps): JSX.Element;
  export type WebViewRef = { reload(): void };
}
declare module 'react-native-permissions' {
  export const PERMISSIONS: {
    IOS: { CAMERA: 'ios.permission.CAMERA'; PHOTO_LIBRARY: 'ios.permission.PHOTO_LIBRARY' };
    ANDROID: { CAMERA: 'android.permission.CAMERA'; READ_MEDIA_IMAGES: 'android.permission.READ_MEDIA_IMAGES' };
  };
  export const RESULTS: { GRANTED: 'granted'; DENIED: 'denied'; BLOCKED: 'blocked'; LIMITED: 'limited'; UNAVAILABLE: 'unavailable' };
  export type PermissionStatus = 'granted' | 'denied' | 'blocked' | 'limited' | 'unavailable';
  export function request(permission: string): Promise<PermissionStatus>;
  export function check(permission: string): Promise<PermissionStatus>;
}
declare module 'react-native-vision-camera' {
  export interface CameraDevice { id: string }
  export function Camera(props: { device: CameraDevice; isActive: boolean }): JSX.Element;
}
declare module '@capacitor/camera' {
  export const Camera: {
    requestPermissions(options?: { permissions: ('camera' | 'photos')[] }): Promise<{ camera: 'granted' | 'denied' | 'prompt'; photos: string }>;
  };
}
declare module '@capacitor/cli' {
  export interface CapacitorConfig {
    appId?: string;
    appName?: string;
    webDir?: string;
    server?: { androidScheme?: string; hostname?: string; iosScheme?: string };
    plugins?: { [name: string]: { [key: string]: unknown } };
  }
}
declare module '@capacitor/app' {
  export interface URLOpenListenerEvent { url: string }
  export const App: {
    addListener(eventName: 'appUrlOpen', listener: (event: URLOpenListenerEvent) => void): Promise<{ remove(): Promise<void> }>;
  };
}
/** cordova-plugin-customurlscheme calls window.handleOpenURL (https://github.com/EddyVerbruggen/Custom-URL-scheme);
    cordova-plugin-buildinfo sets BuildInfo.debug (https://github.com/lynrin/cordova-plugin-buildinfo). */
interface Window { handleOpenURL?: (url: string) => void }
declare const BuildInfo: { debug: boolean } | undefined;
