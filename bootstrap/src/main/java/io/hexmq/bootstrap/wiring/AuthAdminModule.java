package io.hexmq.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import com.google.inject.multibindings.ProvidesIntoSet;
import io.hexmq.adapters.netty.security.CreateOrUpdateAclHandler;
import io.hexmq.adapters.netty.security.CreateOrUpdateUserHandler;
import io.hexmq.adapters.netty.security.DeleteAclHandler;
import io.hexmq.adapters.netty.security.DeleteUserHandler;
import io.hexmq.adapters.netty.security.GetAclsHandler;
import io.hexmq.adapters.netty.security.GetUsersHandler;
import io.hexmq.application.auth.CreateUser;
import io.hexmq.application.auth.DeleteAcl;
import io.hexmq.application.auth.DeleteUser;
import io.hexmq.application.auth.ListAcls;
import io.hexmq.application.auth.ListUsers;
import io.hexmq.application.auth.PutAclEntries;
import io.hexmq.application.auth.UpdateUser;
import io.hexmq.domain.auth.AuthDirectory;
import io.hexmq.domain.auth.port.AuthStore;
import io.hexmq.remoting.protocol.RequestCode;

/**
 * The broker's admin codes for ACL 2.0's users and policies (AUTH_CREATE_USER ... AUTH_LIST_ACL,
 * 3001-3010), so that {@code mqadmin createUser/createAcl/listAcl ...} work; the {@code AccessGate} lets only
 * super users through to them when authorization is on. Installed next to {@link AuthModule}.
 */
public final class AuthAdminModule extends AbstractModule {

    @Provides
    @Singleton
    CreateOrUpdateUserHandler userWrites(AuthDirectory directory, AuthStore store) {
        return new CreateOrUpdateUserHandler(new CreateUser(directory, store), new UpdateUser(directory, store));
    }

    @Provides
    @Singleton
    GetUsersHandler userReads(AuthDirectory directory) {
        return new GetUsersHandler(new ListUsers(directory));
    }

    @Provides
    @Singleton
    CreateOrUpdateAclHandler aclWrites(AuthDirectory directory, AuthStore store) {
        return new CreateOrUpdateAclHandler(new PutAclEntries(directory, store));
    }

    @Provides
    @Singleton
    GetAclsHandler aclReads(AuthDirectory directory) {
        return new GetAclsHandler(new ListAcls(directory));
    }

    @ProvidesIntoSet
    HandlerBinding createUser(CreateOrUpdateUserHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_CREATE_USER, handler);
    }

    @ProvidesIntoSet
    HandlerBinding updateUser(CreateOrUpdateUserHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_UPDATE_USER, handler);
    }

    @ProvidesIntoSet
    HandlerBinding deleteUser(AuthDirectory directory, AuthStore store) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_DELETE_USER,
                new DeleteUserHandler(new DeleteUser(directory, store)));
    }

    @ProvidesIntoSet
    HandlerBinding getUser(GetUsersHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_GET_USER, handler);
    }

    @ProvidesIntoSet
    HandlerBinding listUsers(GetUsersHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_LIST_USER, handler);
    }

    @ProvidesIntoSet
    HandlerBinding createAcl(CreateOrUpdateAclHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_CREATE_ACL, handler);
    }

    @ProvidesIntoSet
    HandlerBinding updateAcl(CreateOrUpdateAclHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_UPDATE_ACL, handler);
    }

    @ProvidesIntoSet
    HandlerBinding deleteAcl(AuthDirectory directory, AuthStore store) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_DELETE_ACL,
                new DeleteAclHandler(new DeleteAcl(directory, store)));
    }

    @ProvidesIntoSet
    HandlerBinding getAcl(GetAclsHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_GET_ACL, handler);
    }

    @ProvidesIntoSet
    HandlerBinding listAcls(GetAclsHandler handler) {
        return HandlerBinding.onAdminThreads(RequestCode.AUTH_LIST_ACL, handler);
    }
}
