// The Android, androidx, Capacitor, Cordova and react-native-webview API that the catalog's
// Kotlin and Java snippets call, as declarations only (signatures from developer.android.com
// and each project's source). check.py splits this file at each "// FILE:" line and compiles
// it with javac; kotlinc and javac then check the snippets against the classes.
// FILE: android/net/Uri.java
package android.net;
public abstract class Uri implements android.os.Parcelable {
    public abstract String getScheme();
    public abstract String getHost();
    public abstract int getPort();
    public abstract String getPath();
    public abstract String getQueryParameter(String key);
    public static Uri parse(String s) { return null; }
    public static Uri fromFile(java.io.File f) { return null; }
}
// FILE: android/os/Parcelable.java
package android.os;
public interface Parcelable {}
// FILE: android/os/Bundle.java
package android.os;
public final class Bundle {}
// FILE: android/Manifest.java
package android;
public final class Manifest {
    public static final class permission {
        public static final String CAMERA = "android.permission.CAMERA";
        public static final String RECORD_AUDIO = "android.permission.RECORD_AUDIO";
        public static final String ACCESS_FINE_LOCATION = "android.permission.ACCESS_FINE_LOCATION";
        public static final String ACCESS_COARSE_LOCATION = "android.permission.ACCESS_COARSE_LOCATION";
        public static final String READ_MEDIA_IMAGES = "android.permission.READ_MEDIA_IMAGES";
        public static final String READ_EXTERNAL_STORAGE = "android.permission.READ_EXTERNAL_STORAGE";
    }
}
// FILE: android/content/Context.java
package android.content;
public abstract class Context {
    public abstract java.io.File getCacheDir();
    public abstract String getPackageName();
    public abstract void startActivity(Intent intent);
    public static final String LOCATION_SERVICE = "location";
    public Object getSystemService(String name) { return null; }
    public android.content.pm.PackageManager getPackageManager() { return null; }
    public android.content.pm.ApplicationInfo getApplicationInfo() { return null; }
}
// FILE: android/content/ComponentName.java
package android.content;
public final class ComponentName {}
// FILE: android/content/Intent.java
package android.content;
public class Intent {
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public Intent(String action) {}
    public Intent(String action, android.net.Uri uri) {}
    public Intent putExtra(String name, android.os.Parcelable value) { return this; }
    public Intent putExtra(String name, String value) { return this; }
    public ComponentName resolveActivity(android.content.pm.PackageManager pm) { return null; }
    public String getAction() { return null; }
    public android.net.Uri getData() { return null; }
}
// FILE: android/content/ActivityNotFoundException.java
package android.content;
public class ActivityNotFoundException extends RuntimeException {}
// FILE: android/content/pm/PackageManager.java
package android.content.pm;
public abstract class PackageManager {
    public static final int PERMISSION_GRANTED = 0;
    public static final int PERMISSION_DENIED = -1;
    public static final int GET_PERMISSIONS = 4096;
    public PackageInfo getPackageInfo(String packageName, int flags) throws NameNotFoundException { return null; }
    public static class NameNotFoundException extends Exception {}
}
// FILE: android/content/pm/ApplicationInfo.java
package android.content.pm;
public class ApplicationInfo { public static final int FLAG_DEBUGGABLE = 2; public int flags; }
// FILE: android/content/pm/PackageInfo.java
package android.content.pm;
public class PackageInfo { public String versionName; public String packageName; public String[] requestedPermissions; }
// FILE: android/view/ViewParent.java
package android.view;
public interface ViewParent {}
// FILE: android/view/View.java
package android.view;
public class View {
    public final android.content.Context getContext() { return null; }
    public final ViewParent getParent() { return null; }
    public boolean post(Runnable action) { return true; }
    public void setPadding(int left, int top, int right, int bottom) {}
}
// FILE: android/view/ViewGroup.java
package android.view;
public abstract class ViewGroup extends View implements ViewParent {
    public void removeView(View view) {}
    public void addView(View view) {}
    public static class LayoutParams {
        public static final int MATCH_PARENT = -1;
        public static final int WRAP_CONTENT = -2;
        public LayoutParams(int width, int height) {}
    }
}
// FILE: android/app/Activity.java
package android.app;
public class Activity extends android.content.Context {
    public void recreate() {}
    public static final int RESULT_OK = -1;
    public static final int RESULT_CANCELED = 0;
    protected void onCreate(android.os.Bundle savedInstanceState) {}
    protected void onStart() {}
    protected void onResume() {}
    protected void onPause() {}
    protected void onSaveInstanceState(android.os.Bundle outState) {}
    public void setContentView(android.view.View view, android.view.ViewGroup.LayoutParams params) {}
    public java.io.File getCacheDir() { return null; }
    public String getPackageName() { return null; }
    public void startActivity(android.content.Intent intent) {}
    public final void runOnUiThread(Runnable action) {}
}
// FILE: android/os/Build.java
package android.os;
public class Build { public static class VERSION { public static final int SDK_INT = 0; } }
// FILE: android/os/Looper.java
package android.os;
public final class Looper { public static Looper getMainLooper() { return null; } }
// FILE: android/os/Handler.java
package android.os;
public class Handler { public Handler(Looper looper) {} public final boolean post(Runnable r) { return true; } }
// FILE: org/json/JSONException.java
package org.json;
public class JSONException extends Exception { public JSONException(String message) {} }
// FILE: org/json/JSONObject.java
package org.json;
public class JSONObject {
    public static final Object NULL = new Object();
    public JSONObject() {}
    public static String quote(String string) { return string; }
    public JSONObject put(String name, boolean value) throws JSONException { return this; }
    public JSONObject put(String name, int value) throws JSONException { return this; }
    public JSONObject put(String name, long value) throws JSONException { return this; }
    public JSONObject put(String name, double value) throws JSONException { return this; }
    public JSONObject put(String name, Object value) throws JSONException { return this; }
}
// FILE: org/json/JSONArray.java
package org.json;
public class JSONArray {
    public JSONArray() {}
    public JSONArray(java.util.Collection<?> copyFrom) {}
    public JSONArray(Object array) throws JSONException {}
}
// FILE: android/location/LocationManager.java
package android.location;
public class LocationManager {
    public static final String PASSIVE_PROVIDER = "passive";
    public java.util.List<String> getProviders(boolean enabledOnly) { return null; }
}
// FILE: android/provider/Settings.java
package android.provider;
public final class Settings {
    public static final String ACTION_LOCATION_SOURCE_SETTINGS = "android.settings.LOCATION_SOURCE_SETTINGS";
}
// FILE: androidx/core/location/LocationManagerCompat.java
package androidx.core.location;
public final class LocationManagerCompat {
    public static boolean isLocationEnabled(android.location.LocationManager locationManager) { return true; }
}
// FILE: android/provider/MediaStore.java
package android.provider;
public final class MediaStore {
    public static final String ACTION_IMAGE_CAPTURE = "android.media.action.IMAGE_CAPTURE";
    public static final String EXTRA_OUTPUT = "output";
}
// FILE: android/webkit/ValueCallback.java
package android.webkit;
public interface ValueCallback<T> { void onReceiveValue(T value); }
// FILE: android/webkit/PermissionRequest.java
package android.webkit;
public abstract class PermissionRequest {
    public static final String RESOURCE_VIDEO_CAPTURE = "android.webkit.resource.VIDEO_CAPTURE";
    public static final String RESOURCE_AUDIO_CAPTURE = "android.webkit.resource.AUDIO_CAPTURE";
    public abstract android.net.Uri getOrigin();
    public abstract String[] getResources();
    public abstract void grant(String[] resources);
    public abstract void deny();
}
// FILE: android/webkit/WebSettings.java
package android.webkit;
public abstract class WebSettings {
    public abstract void setGeolocationEnabled(boolean flag);
    public static final int MIXED_CONTENT_ALWAYS_ALLOW = 0;
    public static final int MIXED_CONTENT_NEVER_ALLOW = 1;
    public static final int MIXED_CONTENT_COMPATIBILITY_MODE = 2;
    public abstract void setJavaScriptEnabled(boolean flag);
    public abstract boolean getJavaScriptEnabled();
    public abstract void setDomStorageEnabled(boolean flag);
    public abstract boolean getDomStorageEnabled();
    public abstract void setDatabaseEnabled(boolean flag);
    public abstract void setMediaPlaybackRequiresUserGesture(boolean require);
    public abstract boolean getMediaPlaybackRequiresUserGesture();
    public abstract void setAllowFileAccess(boolean allow);
    public abstract boolean getAllowFileAccess();
    public abstract void setSupportMultipleWindows(boolean support);
    public abstract void setMixedContentMode(int mode);
    public abstract int getMixedContentMode();
    public abstract void setUserAgentString(String ua);
    public abstract String getUserAgentString();
    public static String getDefaultUserAgent(android.content.Context context) { return ""; }
}
// FILE: android/webkit/WebResourceRequest.java
package android.webkit;
public interface WebResourceRequest {
    android.net.Uri getUrl();
    boolean isForMainFrame();
    String getMethod();
}
// FILE: android/webkit/WebResourceError.java
package android.webkit;
public abstract class WebResourceError { public abstract int getErrorCode(); }
// FILE: android/webkit/WebResourceResponse.java
package android.webkit;
public class WebResourceResponse { public int getStatusCode() { return 0; } }
// FILE: android/webkit/RenderProcessGoneDetail.java
package android.webkit;
public abstract class RenderProcessGoneDetail { public abstract boolean didCrash(); }
// FILE: android/webkit/WebView.java
package android.webkit;
public class WebView extends android.view.ViewGroup {
    public WebSettings getSettings() { return null; }
    public void loadUrl(String url) {}
    public void reload() {}
    public void onResume() {}
    public void onPause() {}
    public void destroy() {}
    public Object saveState(android.os.Bundle outState) { return null; }
    public Object restoreState(android.os.Bundle inState) { return null; }
    public void setWebChromeClient(WebChromeClient client) {}
    public WebChromeClient getWebChromeClient() { return null; }
    public void setWebViewClient(WebViewClient client) {}
    public WebViewClient getWebViewClient() { return null; }
    public String getUrl() { return null; }
    public void addJavascriptInterface(Object object, String name) {}
    public void evaluateJavascript(String script, ValueCallback<String> resultCallback) {}
    public static android.content.pm.PackageInfo getCurrentWebViewPackage() { return null; }
}
// FILE: android/webkit/JavascriptInterface.java
package android.webkit;
@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
@java.lang.annotation.Target(java.lang.annotation.ElementType.METHOD)
public @interface JavascriptInterface {}
// FILE: android/webkit/GeolocationPermissions.java
package android.webkit;
public class GeolocationPermissions {
    public interface Callback { void invoke(String origin, boolean allow, boolean retain); }
}
// FILE: android/webkit/WebChromeClient.java
package android.webkit;
public class WebChromeClient {
    public void onPermissionRequest(PermissionRequest request) {}
    public void onGeolocationPermissionsShowPrompt(String origin, GeolocationPermissions.Callback callback) {}
    public void onGeolocationPermissionsHidePrompt() {}
    public boolean onShowFileChooser(WebView webView, ValueCallback<android.net.Uri[]> filePathCallback, FileChooserParams fileChooserParams) { return false; }
    public abstract static class FileChooserParams {
        public static final int MODE_OPEN = 0;
        public static final int MODE_OPEN_MULTIPLE = 1;
        public static android.net.Uri[] parseResult(int resultCode, android.content.Intent data) { return null; }
        public abstract int getMode();
        public abstract String[] getAcceptTypes();
        public abstract boolean isCaptureEnabled();
        public abstract android.content.Intent createIntent();
    }
}
// FILE: android/webkit/WebViewClient.java
package android.webkit;
public class WebViewClient {
    public boolean shouldOverrideUrlLoading(WebView view, WebResourceRequest request) { return false; }
    public void onReceivedError(WebView view, WebResourceRequest request, WebResourceError error) {}
    public void onReceivedHttpError(WebView view, WebResourceRequest request, WebResourceResponse errorResponse) {}
    public WebResourceResponse shouldInterceptRequest(WebView view, WebResourceRequest request) { return null; }
    public boolean onRenderProcessGone(WebView view, RenderProcessGoneDetail detail) { return false; }
}
// FILE: android/webkit/CookieManager.java
package android.webkit;
public abstract class CookieManager {
    public static CookieManager getInstance() { return null; }
    public abstract void setAcceptCookie(boolean accept);
    public abstract boolean acceptCookie();
    public abstract void setAcceptThirdPartyCookies(WebView webview, boolean accept);
    public abstract boolean acceptThirdPartyCookies(WebView webview);
    public abstract void setCookie(String url, String value);
    public abstract void flush();
    public abstract void removeAllCookies(ValueCallback<Boolean> callback);
}
// FILE: androidx/activity/result/ActivityResult.java
package androidx.activity.result;
public final class ActivityResult {
    public int getResultCode() { return 0; }
    public android.content.Intent getData() { return null; }
}
// FILE: androidx/activity/result/ActivityResultCallback.java
package androidx.activity.result;
public interface ActivityResultCallback<O> { void onActivityResult(O result); }
// FILE: androidx/activity/result/ActivityResultLauncher.java
package androidx.activity.result;
public abstract class ActivityResultLauncher<I> { public void launch(I input) {} }
// FILE: androidx/activity/result/contract/ActivityResultContract.java
package androidx.activity.result.contract;
public abstract class ActivityResultContract<I, O> {}
// FILE: androidx/activity/result/contract/ActivityResultContracts.java
package androidx.activity.result.contract;
public final class ActivityResultContracts {
    public static final class RequestPermission extends ActivityResultContract<String, Boolean> {}
    public static final class StartActivityForResult extends ActivityResultContract<android.content.Intent, androidx.activity.result.ActivityResult> {}
}
// FILE: androidx/lifecycle/Lifecycle.java
package androidx.lifecycle;
public abstract class Lifecycle {
    public enum Event { ON_CREATE, ON_START, ON_RESUME, ON_PAUSE, ON_STOP, ON_DESTROY, ON_ANY }
    public abstract void addObserver(LifecycleObserver observer);
}
// FILE: androidx/lifecycle/LifecycleObserver.java
package androidx.lifecycle;
public interface LifecycleObserver {}
// FILE: androidx/lifecycle/LifecycleOwner.java
package androidx.lifecycle;
public interface LifecycleOwner { Lifecycle getLifecycle(); }
// FILE: androidx/lifecycle/LifecycleEventObserver.java
package androidx.lifecycle;
public interface LifecycleEventObserver extends LifecycleObserver {
    void onStateChanged(LifecycleOwner source, Lifecycle.Event event);
}
// FILE: androidx/activity/ComponentActivity.java
package androidx.activity;
public class ComponentActivity extends android.app.Activity implements androidx.lifecycle.LifecycleOwner {
    public androidx.lifecycle.Lifecycle getLifecycle() { return null; }
    public final <I, O> androidx.activity.result.ActivityResultLauncher<I> registerForActivityResult(
        androidx.activity.result.contract.ActivityResultContract<I, O> contract,
        androidx.activity.result.ActivityResultCallback<O> callback) { return null; }
}
// FILE: androidx/appcompat/app/AppCompatActivity.java
package androidx.appcompat.app;
public class AppCompatActivity extends androidx.activity.ComponentActivity {}
// FILE: androidx/core/content/ContextCompat.java
package androidx.core.content;
public class ContextCompat {
    public static int checkSelfPermission(android.content.Context context, String permission) { return 0; }
}
// FILE: androidx/core/content/FileProvider.java
package androidx.core.content;
public class FileProvider {
    public static android.net.Uri getUriForFile(android.content.Context context, String authority, java.io.File file) { return null; }
}
// FILE: androidx/core/app/ActivityCompat.java
package androidx.core.app;
public class ActivityCompat extends androidx.core.content.ContextCompat {
    public static void requestPermissions(android.app.Activity activity, String[] permissions, int requestCode) {}
}
// FILE: androidx/webkit/WebViewCompat.java
package androidx.webkit;
public class WebViewCompat {
    public static android.content.pm.PackageInfo getCurrentWebViewPackage(android.content.Context context) { return null; }
}
// FILE: androidx/camera/lifecycle/ProcessCameraProvider.java
package androidx.camera.lifecycle;
public final class ProcessCameraProvider { public void unbindAll() {} }
// FILE: androidx/webkit/WebViewFeature.java
package androidx.webkit;
public class WebViewFeature {
    public static final String WEB_MESSAGE_LISTENER = "WEB_MESSAGE_LISTENER";
    public static boolean isFeatureSupported(String feature) { return false; }
}
// FILE: com/getcapacitor/CapConfig.java
package com.getcapacitor;
public class CapConfig { public boolean isUsingLegacyBridge() { return false; } }
// FILE: com/getcapacitor/Bridge.java
package com.getcapacitor;
public class Bridge {
    public void addWebViewListener(WebViewListener l) {}
    public CapConfig getConfig() { return null; }
    public android.content.Context getContext() { return null; }
    public android.webkit.WebView getWebView() { return null; }
    public void executeOnMainThread(Runnable runnable) {}
}
// FILE: com/getcapacitor/JSObject.java
package com.getcapacitor;
public class JSObject extends org.json.JSONObject {
    public JSObject() {}
    public JSObject put(String key, boolean value) { return this; }
    public JSObject put(String key, int value) { return this; }
    public JSObject put(String key, long value) { return this; }
    public JSObject put(String key, double value) { return this; }
    public JSObject put(String key, Object value) { return this; }
    public JSObject put(String key, String value) { return this; }
}
// FILE: com/getcapacitor/JSArray.java
package com.getcapacitor;
public class JSArray extends org.json.JSONArray {
    public JSArray() {}
    public JSArray(java.util.Collection copyFrom) {}
}
// FILE: com/getcapacitor/PluginCall.java
package com.getcapacitor;
public class PluginCall {
    public void resolve(JSObject data) {}
    public void resolve() {}
    public void reject(String msg) {}
    public JSObject getData() { return null; }
}
// FILE: com/getcapacitor/PluginConfig.java
package com.getcapacitor;
public class PluginConfig { public String getString(String configKey) { return null; } }
// FILE: com/getcapacitor/PluginMethod.java
package com.getcapacitor;
@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
public @interface PluginMethod { String returnType() default "promise"; }
// FILE: com/getcapacitor/annotation/CapacitorPlugin.java
package com.getcapacitor.annotation;
@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
public @interface CapacitorPlugin { String name() default ""; }
// FILE: com/getcapacitor/Plugin.java
package com.getcapacitor;
public class Plugin {
    protected Bridge bridge;
    public Plugin() {}
    public void load() {}
    public android.content.Context getContext() { return null; }
    public Bridge getBridge() { return bridge; }
    public PluginConfig getConfig() { return null; }
}
// FILE: io/flutter/embedding/android/FlutterActivity.java
package io.flutter.embedding.android;
public class FlutterActivity extends android.app.Activity {
    @Override protected void onPause() {}
}
// FILE: com/facebook/react/ReactActivity.java
package com.facebook.react;
public abstract class ReactActivity extends androidx.appcompat.app.AppCompatActivity {
    @Override protected void onPause() {}
}
// FILE: com/getcapacitor/BridgeActivity.java
package com.getcapacitor;
public class BridgeActivity extends androidx.appcompat.app.AppCompatActivity {
    protected Bridge bridge;
    public Bridge getBridge() { return bridge; }
    @Override public void onStart() {}
    public void registerPlugin(Class<? extends Plugin> plugin) {}
}
// FILE: com/getcapacitor/BridgeWebChromeClient.java
package com.getcapacitor;
public class BridgeWebChromeClient extends android.webkit.WebChromeClient {
    public BridgeWebChromeClient(Bridge bridge) {}
}
// FILE: org/apache/cordova/CordovaWebViewEngine.java
package org.apache.cordova;
public interface CordovaWebViewEngine { android.view.View getView(); }
// FILE: org/apache/cordova/CordovaWebView.java
package org.apache.cordova;
public interface CordovaWebView {
    PluginManager getPluginManager();
    CordovaWebViewEngine getEngine();
    android.view.View getView();
    String getUrl();
}
// FILE: org/apache/cordova/CordovaInterface.java
package org.apache.cordova;
public interface CordovaInterface {
    androidx.appcompat.app.AppCompatActivity getActivity();
    android.content.Context getContext();
    boolean hasPermission(String permission);
}
// FILE: org/apache/cordova/CordovaPreferences.java
package org.apache.cordova;
public class CordovaPreferences {
    public String getString(String name, String defaultValue) { return defaultValue; }
    public boolean getBoolean(String name, boolean defaultValue) { return defaultValue; }
}
// FILE: org/apache/cordova/CallbackContext.java
package org.apache.cordova;
public class CallbackContext {
    public void success(String message) {}
    public void error(String message) {}
}
// FILE: org/apache/cordova/CordovaPlugin.java
package org.apache.cordova;
public class CordovaPlugin {
    public CordovaWebView webView;
    public CordovaInterface cordova;
    protected CordovaPreferences preferences;
    protected void pluginInitialize() {}
    public boolean execute(String action, org.json.JSONArray args, CallbackContext callbackContext) throws org.json.JSONException { return false; }
    public Object onMessage(String id, Object data) { return null; }
    public boolean onRenderProcessGone(android.webkit.WebView view, android.webkit.RenderProcessGoneDetail detail) { return false; }
}
// FILE: org/apache/cordova/CordovaActivity.java
package org.apache.cordova;
public class CordovaActivity extends androidx.appcompat.app.AppCompatActivity {
    protected CordovaWebView appView;
    protected String launchUrl;
    @Override public void onCreate(android.os.Bundle savedInstanceState) {}
    public void loadUrl(String url) {}
}
// FILE: org/apache/cordova/engine/SystemWebView.java
package org.apache.cordova.engine;
public class SystemWebView extends android.webkit.WebView {}
// FILE: org/apache/cordova/engine/SystemWebViewEngine.java
package org.apache.cordova.engine;
public class SystemWebViewEngine implements org.apache.cordova.CordovaWebViewEngine {
    public android.view.View getView() { return null; }
}
// FILE: org/apache/cordova/engine/SystemWebChromeClient.java
package org.apache.cordova.engine;
public class SystemWebChromeClient extends android.webkit.WebChromeClient {
    public SystemWebChromeClient(SystemWebViewEngine parentEngine) {}
}
// FILE: com/facebook/react/uimanager/ThemedReactContext.java
package com.facebook.react.uimanager;
public class ThemedReactContext extends android.content.Context {
    public java.io.File getCacheDir() { return null; }
    public String getPackageName() { return null; }
    public void startActivity(android.content.Intent intent) {}
}
// FILE: com/reactnativecommunity/webview/RNCWebView.java
package com.reactnativecommunity.webview;
public class RNCWebView extends android.webkit.WebView {
    public com.facebook.react.uimanager.ThemedReactContext getThemedReactContext() { return null; }
}
// FILE: androidx/core/graphics/Insets.java
package androidx.core.graphics;
public final class Insets {
    public final int left = 0, top = 0, right = 0, bottom = 0;
}
// FILE: androidx/core/view/WindowInsetsCompat.java
package androidx.core.view;
public class WindowInsetsCompat {
    public static final WindowInsetsCompat CONSUMED = new WindowInsetsCompat();
    public androidx.core.graphics.Insets getInsets(int typeMask) { return null; }
    public static final class Type { public static int systemBars() { return 0; } }
}
// FILE: androidx/core/view/OnApplyWindowInsetsListener.java
package androidx.core.view;
public interface OnApplyWindowInsetsListener {
    WindowInsetsCompat onApplyWindowInsets(android.view.View v, WindowInsetsCompat insets);
}
// FILE: androidx/core/view/ViewCompat.java
package androidx.core.view;
public class ViewCompat {
    public static void setOnApplyWindowInsetsListener(android.view.View v, OnApplyWindowInsetsListener listener) {}
}
// FILE: com/getcapacitor/WebViewListener.java
package com.getcapacitor;
public abstract class WebViewListener {
    public boolean onRenderProcessGone(android.webkit.WebView webView, android.webkit.RenderProcessGoneDetail detail) { return false; }
}
// FILE: org/apache/cordova/PluginEntry.java
package org.apache.cordova;
public class PluginEntry { public PluginEntry(String service, CordovaPlugin plugin) {} }
// FILE: org/apache/cordova/PluginManager.java
package org.apache.cordova;
public class PluginManager { public void addService(PluginEntry entry) {} }
