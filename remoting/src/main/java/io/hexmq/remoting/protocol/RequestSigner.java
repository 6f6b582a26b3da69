package io.hexmq.remoting.protocol;

/**
 * What a client does to each request before it sends it: {@link #NONE} leaves it as it is,
 * {@link #with(Credentials)} signs it as {@link RequestSignature} defines.
 */
@FunctionalInterface
public interface RequestSigner {

    RequestSigner NONE = request -> request;

    RemotingCommand sign(RemotingCommand request);

    static RequestSigner with(Credentials credentials) {
        return request -> RequestSignature.signed(request, credentials);
    }
}
