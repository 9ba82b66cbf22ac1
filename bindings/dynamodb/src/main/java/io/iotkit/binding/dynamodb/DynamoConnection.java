package io.iotkit.binding.dynamodb;

import io.iotkit.binding.errors.ConnectFailures;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import site.ycsb.DBException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;

/**
 * The asynchronous DynamoDB client (Netty) for the settings, shared in the JVM ({@link SharedClients}): the
 * endpoint (or the region's own), the region, the credentials (given, or the SDK's default chain), the call
 * timeout; and the one-line wording of its failures.
 *
 * <p>The client of the readings' writes and window queries has the SDK's retries off: the binding retries
 * throttled and unprocessed requests itself, so that it can count them. The master's client keeps the SDK's
 * standard retries.
 */
final class DynamoConnection implements AutoCloseable {
  /** Signs requests to an endpoint that is not AWS's when no key is given: an emulator checks no signature. */
  static final String PLACEHOLDER_KEY = "local";
  private static final Set<String> THROTTLING = Set.of("ThrottlingException", "ProvisionedThroughputExceededException",
      "RequestLimitExceeded", "ThrottledException");
  private static final Set<String> LOGIN = Set.of("UnrecognizedClientException", "InvalidSignatureException",
      "AccessDeniedException", "MissingAuthenticationTokenException", "ExpiredTokenException",
      "IncompleteSignatureException");

  private final DynamoSettings settings;
  private final boolean sdkRetries;
  private final DynamoDbAsyncClient client;
  private boolean closed;

  /**
   * Takes the JVM's shared client for these settings ({@link SharedClients}), made on first use.
   *
   * @param sdkRetries whether the SDK retries failed calls itself (its standard strategy)
   */
  DynamoConnection(DynamoSettings settings, boolean sdkRetries) throws DBException {
    this.settings = settings;
    this.sdkRetries = sdkRetries;
    try {
      this.client = SharedClients.acquire(settings, sdkRetries, () -> builder(settings, sdkRetries).build());
    } catch (SdkException e) {
      // e.g. no region: the SDK's default chain found none
      throw new DBException("dynamodb: cannot make a client for " + settings.address() + ": "
          + ConnectFailures.oneLine(ConnectFailures.deepestMessage(e)) + " (set " + DynamoSettings.REGION + ")", e);
    }
  }

  static DynamoDbAsyncClientBuilder builder(DynamoSettings s, boolean sdkRetries) {
    ClientOverrideConfiguration.Builder o = ClientOverrideConfiguration.builder().apiCallTimeout(s.timeout());
    if (!sdkRetries) {
      o.retryStrategy(AwsRetryStrategy.doNotRetry());
    }
    DynamoDbAsyncClientBuilder b = DynamoDbAsyncClient.builder()
        .httpClientBuilder(NettyNioAsyncHttpClient.builder()
            .maxConcurrency(256)
            .connectionTimeout(Duration.ofSeconds(10))
            .connectionAcquisitionTimeout(s.timeout()))
        .overrideConfiguration(o.build())
        .credentialsProvider(credentials(s));
    s.endpoint().ifPresent(b::endpointOverride);
    s.region().ifPresent(r -> b.region(Region.of(r)));
    return b;
  }

  static AwsCredentialsProvider credentials(DynamoSettings s) {
    if (s.accessKeyId().isPresent()) {
      String id = s.accessKeyId().get();
      String secret = s.secretAccessKey().orElseThrow();
      return StaticCredentialsProvider.create(s.sessionToken().isPresent()
          ? AwsSessionCredentials.create(id, secret, s.sessionToken().get())
          : AwsBasicCredentials.create(id, secret));
    }
    if (!s.aws()) {
      return StaticCredentialsProvider.create(AwsBasicCredentials.create(PLACEHOLDER_KEY, PLACEHOLDER_KEY));
    }
    return DefaultCredentialsProvider.builder().build();
  }

  DynamoSettings settings() {
    return settings;
  }

  DynamoDbAsyncClient client() {
    return client;
  }

  /** Waits for a call of the master's (no kit thread waits on a write's future). */
  <T> T await(String what, CompletableFuture<T> call) throws DBException {
    try {
      return call.get();
    } catch (ExecutionException e) {
      throw failure(what, e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("dynamodb: " + what + " interrupted", e);
    }
  }

  /** Whether DynamoDB refused the request for throttling (the table's or the account's throughput). */
  static boolean throttled(Throwable failure) {
    Throwable t = unwrap(failure);
    if (t instanceof ProvisionedThroughputExceededException || t instanceof RequestLimitExceededException) {
      return true;
    }
    return t instanceof AwsServiceException a && (a.isThrottlingException()
        || (a.awsErrorDetails() != null && THROTTLING.contains(a.awsErrorDetails().errorCode())));
  }

  /** The failure itself, out of the future's wrapping. */
  static Throwable unwrap(Throwable failure) {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /** Whether the failure or one of its causes says {@code text} (Netty words some failures only in messages). */
  private static boolean mentions(Throwable failure, String text) {
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 20; t = t.getCause(), depth++) {
      if (t.getMessage() != null && t.getMessage().contains(text)) {
        return true;
      }
    }
    return false;
  }

  /** One line naming the binding, the address and the cause. */
  DBException failure(String what, Throwable failure) {
    Throwable e = unwrap(failure);
    if (ConnectFailures.find(e, ConnectException.class) != null || mentions(e, "Connection refused")) {
      return new DBException(ConnectFailures.cannotConnect("dynamodb", settings.address(), ConnectFailures.REFUSED),
          e);
    }
    UnknownHostException unknown = ConnectFailures.find(e, UnknownHostException.class);
    if (unknown != null) {
      String host = settings.endpoint().map(u -> u.getHost()).orElse("(the region's endpoint)");
      return new DBException(ConnectFailures.cannotConnect("dynamodb", settings.address(),
          ConnectFailures.unknownHost(host)), e);
    }
    if (e instanceof ApiCallTimeoutException || mentions(e, "Acquire operation took longer")) {
      return new DBException(ConnectFailures.cannotConnect("dynamodb", settings.address(),
          ConnectFailures.noAnswerWithin(settings.timeout().toMillis() + " ms")), e);
    }
    if (e instanceof AwsServiceException a && a.awsErrorDetails() != null
        && LOGIN.contains(a.awsErrorDetails().errorCode())) {
      return new DBException(ConnectFailures.cannotConnect("dynamodb", settings.address(), "DynamoDB refused the"
          + " credentials of access key id " + settings.accessKeyId().orElse("(default chain)") + ": "
          + a.awsErrorDetails().errorCode()), e);
    }
    String message = e instanceof AwsServiceException a && a.awsErrorDetails() != null
        ? a.awsErrorDetails().errorCode() + ": " + a.awsErrorDetails().errorMessage()
        : ConnectFailures.deepestMessage(e);
    return new DBException("dynamodb: " + what + " at " + settings.address() + " failed: "
        + ConnectFailures.oneLine(message), e);
  }

  /** Gives the shared client back (closed once its last user gave it back); once only. */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      SharedClients.release(settings, sdkRetries);
    }
  }
}
